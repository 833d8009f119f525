/**
 * The language service on random edit sequences, as while a user types: after
 * every edit each feature answers, without an internal failure, with
 * well-formed LSP data (ranges inside the document, non-empty messages,
 * semantic tokens in groups of five). In the test suite: a fixed seed and a
 * bounded number of runs; `npm run fuzz` (vitest --mode fuzz) runs 50 times
 * as many from a fresh seed (or USERFN_FUZZ_SEED, USERFN_FUZZ_SCALE).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-types';
import { testService } from '../test-support/service.js';
import type { LanguageService } from './index.js';

const deep = (import.meta as { env?: { MODE?: string } }).env?.MODE === 'fuzz';
const seed = deep ? Number(process.env['USERFN_FUZZ_SEED'] ?? Date.now() % 2 ** 31) : 20261125;
const scale = deep ? Number(process.env['USERFN_FUZZ_SCALE'] ?? 50) : 1;
if (deep) console.log(`edit fuzz: seed ${seed}, scale ${scale} (reproduce with USERFN_FUZZ_SEED=${seed} USERFN_FUZZ_SCALE=${scale} npm run fuzz)`);

/** Fragments a user types: UserFn, JSON and YAML pieces, quotes, escapes, line breaks, a lone surrogate. */
const fragment = fc.string({
  unit: fc.constantFrom(
    ...[
      "get('$.",
      'output',
      "'",
      '"',
      '\\',
      '(',
      ')',
      '[',
      ']',
      '{',
      '}',
      ',',
      ':',
      '.',
      ' ',
      '\n',
      '==',
      '>=',
      'and ',
      'not ',
      'if ',
      '0.8',
      "called('",
      'json_get(',
      '"condition": "',
      'condition: ',
      '- id: x\n',
      '\ud800',
      'é',
    ],
  ),
  maxLength: 12,
});

const START: Record<string, string> = {
  'file:///f.userfn': "get('$.output.confidence') >= 0.8 and called('search')",
  'file:///f.rules.json': '{ "rules": [ { "id": "a", "condition": "get(\'$.output.status\') == \'ok\'" } ] }',
  'file:///f.rules.yaml': "rules:\n  - id: a\n    condition: get('$.output') != null\n",
};

interface Edit {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}
const edit: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(), remove: fc.nat({ max: 8 }), insert: fragment });

function inside(doc: TextDocument, r: Range): boolean {
  const ok = (p: Position) => p.line >= 0 && p.character >= 0 && p.line < doc.lineCount && doc.offsetAt(p) === doc.offsetAt(doc.positionAt(doc.offsetAt(p)));
  return ok(r.start) && ok(r.end) && doc.offsetAt(r.start) <= doc.offsetAt(r.end);
}

/** Every feature at `position`, each answer checked for shape; returns what was wrong. */
function problemsOf(ls: LanguageService, doc: TextDocument, position: Position): string[] {
  const bad: string[] = [];
  for (const d of ls.doValidation(doc)) {
    if (!inside(doc, d.range)) bad.push(`diagnostic range ${JSON.stringify(d.range)}`);
    if (typeof d.message !== 'string' || d.message.length === 0) bad.push('diagnostic without a message');
    if (d.severity !== undefined && ![1, 2, 3, 4].includes(d.severity)) bad.push(`diagnostic severity ${d.severity}`);
  }
  const completion = ls.doComplete(doc, position);
  for (const item of completion.items) {
    if (typeof item.label !== 'string' || item.label.length === 0) bad.push('completion item without a label');
    const e = item.textEdit;
    if (e && 'range' in e && !inside(doc, e.range)) bad.push(`completion edit range ${JSON.stringify(e.range)}`);
  }
  const hover = ls.doHover(doc, position);
  if (hover && (hover.contents === undefined || (hover.range && !inside(doc, hover.range)))) bad.push('malformed hover');
  const help = ls.doSignatureHelp(doc, position);
  if (help?.signatures.some((s) => typeof s.label !== 'string')) bad.push('signature without a label');
  for (const e of ls.format(doc, { tabSize: 2, insertSpaces: true })) if (!inside(doc, e.range)) bad.push(`format edit range ${JSON.stringify(e.range)}`);
  const tokens = ls.getSemanticTokens(doc).data;
  if (tokens.length % 5 !== 0 || tokens.some((n) => !Number.isInteger(n) || n < 0)) bad.push('semantic tokens not in groups of five non-negative integers');
  for (const a of ls.getCodeActions(doc, { start: position, end: position }, { diagnostics: ls.doValidation(doc) })) {
    for (const edits of Object.values(a.edit?.changes ?? {}))
      for (const e of edits) if (!inside(doc, e.range)) bad.push(`code action edit range ${JSON.stringify(e.range)}`);
  }
  return bad;
}

describe('the language service on random edit sequences', () => {
  test(
    'every feature answers every version with well-formed data and no internal failure',
    () => {
      const { ls, failures } = testService({
        sampleContext: { output: { status: 'ok', confidence: 0.9 }, tools: { search: { outputs: { latest: '{"hits": 1}' } } } },
      });
      fc.assert(
        fc.property(fc.constantFrom(...Object.keys(START)), fc.array(edit, { minLength: 1, maxLength: 25 }), fc.nat(), (uri, edits, cursor) => {
          let doc = TextDocument.create(uri, uri.endsWith('.userfn') ? 'userfn' : uri.endsWith('.json') ? 'json' : 'yaml', 1, START[uri]!);
          for (const e of edits) {
            const text = doc.getText();
            const from = e.at % (text.length + 1);
            const range = { start: doc.positionAt(from), end: doc.positionAt(Math.min(text.length, from + e.remove)) };
            doc = TextDocument.update(doc, [{ range, text: e.insert }], doc.version + 1);
            const position = doc.positionAt(cursor % (doc.getText().length + 1));
            expect(problemsOf(ls, doc, position)).toEqual([]);
          }
          expect(failures).toEqual([]);
        }),
        { seed, numRuns: Math.max(1, Math.round(60 * scale)) },
      );
    },
    deep ? 0 : 60_000,
  );
});
