import { LineIndex } from '../common/diagnostics/line-index.js';
import { RuleSetCodes } from './codes.js';
import { parseJsonLocated } from './json-located.js';
import { parseYamlLocated } from './yaml-located.js';
import { scalarMap } from './scalar-map.js';
import type { FilePosition, ReadRuleSetDocumentOptions, RuleSetDocument, RuleSetFileProblem } from './types.js';
import { validateRuleSet, type Validated } from './validate.js';

/** JSON for a .json file, YAML for .yaml/.yml; otherwise JSON when the text starts with `{`. */
function formatOf(text: string, options: ReadRuleSetDocumentOptions): 'json' | 'yaml' {
  if (options.format) return options.format;
  const name = options.fileName?.toLowerCase() ?? '';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'yaml';
  return /^\uFEFF?\s*\{/.test(text) ? 'json' : 'yaml';
}

/** A rule-set text parsed and validated: what `loadRuleSet` and `readRuleSetDocument` both start from. */
export interface RuleSetText {
  readonly format: 'json' | 'yaml';
  /** The 1-based line and column of a file offset. */
  readonly position: (offset: number) => FilePosition;
  /** Every syntax problem (RS001; a YAML warning is RS012). */
  readonly syntax: readonly RuleSetFileProblem[];
  /** The validation of the tree that was read (after a syntax error, of the part before it); absent when nothing was read. */
  readonly validated: Validated | undefined;
}

/** Parses a rule-set text (JSON or YAML) and validates what it could read. */
export function readRuleSetText(text: string, options: ReadRuleSetDocumentOptions): RuleSetText {
  const format = formatOf(text, options);
  const parsed = format === 'json' ? parseJsonLocated(text) : parseYamlLocated(text);
  const lines = new LineIndex(text);
  const position = (offset: number): FilePosition => {
    const p = lines.position(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const what = format === 'json' ? 'JSON' : 'YAML';
  const syntax = parsed.problems.map(
    (p): RuleSetFileProblem =>
      p.severity === 'error'
        ? { code: RuleSetCodes.InvalidDocument, severity: 'error', message: `invalid ${what}: ${p.message}`, span: p.span }
        : { code: RuleSetCodes.DocumentWarning, severity: 'warning', message: `${what}: ${p.message}`, span: p.span },
  );
  const validated = parsed.root && validateRuleSet(parsed.root, (span) => (span ? position(span.start) : undefined));
  return { format, position, syntax, validated };
}

/**
 * Reads a rule-set file for a tool (an editor, a linter): each rule's
 * condition with its place in the file and an offset map (through JSON
 * escapes and YAML quoting, folding and block indentation), and every syntax
 * and structure problem with its span, with the loader's codes (RS…) and its
 * idea of what is valid. Never throws; conditions are not compiled (give each
 * to `analyze` or `check` with the document's profile).
 */
export function readRuleSetDocument(text: string, options: ReadRuleSetDocumentOptions = {}): RuleSetDocument {
  const read = readRuleSetText(text, options);
  const v = read.validated;
  const structure = (v?.problems ?? []).map(
    (p): RuleSetFileProblem => ({
      code: p.code,
      severity: 'error',
      message: p.message,
      // Only an empty YAML document has no span: its start.
      span: p.span ?? { start: 0, end: 0 },
      ...(p.ruleId !== undefined ? { ruleId: p.ruleId } : {}),
      ...(p.hint !== undefined ? { hint: p.hint } : {}),
      ...(p.suggestion !== undefined ? { suggestion: p.suggestion } : {}),
    }),
  );
  const conditions = (v?.conditions ?? []).flatMap(({ ruleId, field, node }) =>
    node.span
      ? [
          {
            ...(ruleId !== undefined ? { ruleId } : {}),
            field,
            condition: node.value,
            span: node.span,
            ...(node.style ? { style: node.style } : {}),
            map: scalarMap(text, node.span, node.style, node.value),
          },
        ]
      : [],
  );
  const judges = (v?.judges ?? []).flatMap(({ ruleId, span, fields }) => (span ? [{ ...(ruleId !== undefined ? { ruleId } : {}), span, fields }] : []));
  return {
    format: read.format,
    profile: v?.profile ?? 'verification',
    conditions,
    judges,
    // A stable sort: at one place, a syntax problem comes first.
    problems: [...read.syntax, ...structure].sort((a, b) => a.span.start - b.span.start),
  };
}
