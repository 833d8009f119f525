import { LineIndex } from '../common/diagnostics/line-index.js';
import { formatSourceFile } from '../language/format/file.js';
import { RuleSetCodes } from './codes.js';
import { readRuleSetDocument } from './document.js';
import { requoteScalar, type ScalarEdit } from './requote.js';
import type { FilePosition, ReadRuleSetDocumentOptions } from './types.js';

/** Something `formatRuleSetText` could not do, at its place in the file. */
export interface FormatProblem {
  readonly message: string;
  readonly file?: FilePosition;
  /** `error`: the file (or a condition) has a syntax error; `note`: a condition left as written, on purpose. */
  readonly severity: 'error' | 'note';
}

/** A rule-set text with its conditions formatted. */
export interface FormattedRuleSet {
  /** The new text: the old one with each condition's string rewritten, every other byte as it was. */
  readonly text: string;
  /** How many conditions changed. */
  readonly changed: number;
  readonly problems: readonly FormatProblem[];
}

/**
 * Formats every rule's condition inside a JSON or YAML rule set, in place:
 * each condition is run through the formatter (`format`, as the language
 * service does) and written back in the style it was written in; the rest of
 * the file is kept byte for byte. A condition with syntax errors, or whose
 * formatted text has a line break its string cannot hold, is left as
 * written. The result is read back and its conditions compared before it is
 * returned, so a rewrite can never change what a rule checks.
 */
export function formatRuleSetText(text: string, options: ReadRuleSetDocumentOptions = {}): FormattedRuleSet {
  const lines = new LineIndex(text);
  const at = (offset: number): FilePosition => {
    const p = lines.position(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const doc = readRuleSetDocument(text, options);
  const syntax = doc.problems.filter((p) => p.code === RuleSetCodes.InvalidDocument);
  if (syntax.length > 0) return { text, changed: 0, problems: syntax.map((p) => ({ message: p.message, file: at(p.span.start), severity: 'error' })) };

  const problems: FormatProblem[] = [];
  const edits: ScalarEdit[] = [];
  const expected: string[] = [];
  // A YAML alias reads its anchor's text: as written, or as formatted when the anchor is rewritten.
  const followsAnchor = new Map<number, string>();
  for (const c of doc.conditions) {
    const rule = c.ruleId !== undefined ? `rule '${c.ruleId}': ` : '';
    const out = formatSourceFile(c.condition);
    if ('error' in out) {
      problems.push({ message: `${rule}not formatted: ${out.error.message}`, file: at(c.map.toDocument(out.error.offset)), severity: 'error' });
      expected.push(c.condition);
      continue;
    }
    const next = out.text.replace(/\s+$/, '');
    if (next === c.condition.replace(/\s+$/, '')) {
      expected.push(c.condition);
      continue;
    }
    if (c.style === undefined) {
      followsAnchor.set(expected.length, next);
      expected.push(c.condition);
      continue;
    }
    const edit = requoteScalar(text, c.span, c.style, next);
    if (!edit) {
      problems.push({
        message: `${rule}left as written: its formatted text spans lines, which this string cannot hold`,
        file: at(c.span.start),
        severity: 'note',
      });
      expected.push(c.condition);
      continue;
    }
    edits.push(edit);
    expected.push(next);
  }
  if (edits.length === 0) return { text, changed: 0, problems };
  let result = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) result = result.slice(0, e.start) + e.text + result.slice(e.end);

  // Read back: the same conditions, each as formatted (a trailing line break a block keeps aside).
  const again = readRuleSetDocument(result, options).conditions.map((c) => c.condition.replace(/\s+$/, ''));
  const want = expected.map((c) => c.replace(/\s+$/, ''));
  if (again.length !== want.length || again.some((c, i) => c !== want[i] && c !== followsAnchor.get(i))) {
    return {
      text,
      changed: 0,
      problems: [...problems, { message: 'not formatted: the rewritten file would read back differently (please report this)', severity: 'error' }],
    };
  }
  return { text: result, changed: edits.length, problems };
}
