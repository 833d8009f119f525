/** No input makes a service function throw or fail internally (the guard would hide it: failures are recorded). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from 'vscode-languageserver-types';
import { testService } from '../test-support/service.js';
import type { LanguageService, LanguageServiceConfig } from './index.js';

const URIS = ['file:///a.userfn', 'file:///a.rules.json', 'file:///a.rules.yaml'];

/** Source-ish text: UserFn, JSON and YAML punctuation, quotes, escapes, line breaks, surrogates. */
const sourceText = fc.string({
  unit: fc.constantFrom(
    ...[
      "get('$.",
      "'",
      '"',
      '\\',
      '\\u00',
      '(',
      ')',
      '[',
      ']',
      '{',
      '}',
      ',',
      ':',
      '.',
      '$',
      '@',
      '?',
      '|',
      '>',
      '-',
      ' ',
      '\n',
      '\r\n',
      '\t',
      '#',
      '//',
      '/*',
      '*/',
      '=',
      '==',
      'and',
      'if',
      'len',
      'json_get(',
      'rules',
      '"condition": "',
      'condition: ',
      '- id: ',
      '1e9',
      '\ud800',
      '😀',
    ],
  ),
  maxLength: 60,
});

function everyFeature(ls: LanguageService, document: TextDocument, position: Position): void {
  ls.doValidation(document);
  ls.doComplete(document, position);
  ls.doHover(document, position);
  ls.doSignatureHelp(document, position);
  ls.format(document, { tabSize: 2, insertSpaces: true });
  ls.getSemanticTokens(document);
  ls.getCodeActions(document, { start: position, end: position }, { diagnostics: [] });
}

describe('robustness', () => {
  test('every feature, any text, any position, any document kind: no internal failure', () => {
    const { ls, failures } = testService({ sampleContext: { tools: { 'a-b': { outputs: { latest: '{"x": 1}' } } } } });
    fc.assert(
      fc.property(sourceText, fc.constantFrom(...URIS), fc.nat(), (text, uri, at) => {
        const document = TextDocument.create(uri, 'userfn', 1, text);
        everyFeature(ls, document, document.positionAt(at % (text.length + 1)));
        expect(failures).toEqual([]);
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });

  test('rule sets with arbitrary conditions, in JSON and YAML', () => {
    const { ls, failures } = testService();
    fc.assert(
      fc.property(sourceText, fc.nat(), fc.boolean(), (condition, at, json) => {
        const text = json ? JSON.stringify({ rules: [{ id: 'a', condition }] }, null, 1) : `rules:\n  - id: a\n    condition: ${JSON.stringify(condition)}\n`;
        const document = TextDocument.create(json ? URIS[1]! : URIS[2]!, 'json', 1, text);
        everyFeature(ls, document, document.positionAt(at % (text.length + 1)));
        expect(failures).toEqual([]);
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });

  test('positions outside the document and odd configurations', () => {
    const { ls, failures } = testService();
    const document = TextDocument.create(URIS[0]!, 'userfn', 1, "get('$.a')");
    for (const position of [
      { line: -1, character: -5 },
      { line: 99, character: 0 },
      { line: 0, character: 1e9 },
    ])
      everyFeature(ls, document, position);
    const odd: unknown[] = [
      { profile: 'nope' },
      { contextSchema: 'x' },
      { contextSchema: [] },
      { functions: 1 },
      { functions: { 'bad name': {} } },
      { sampleContext: null },
      {},
    ];
    for (const config of odd) {
      expect(ls.configure(config as LanguageServiceConfig).length).toBeGreaterThanOrEqual(0);
      everyFeature(ls, document, { line: 0, character: 5 });
    }
    expect(ls.configure({ profile: 'nope' } as LanguageServiceConfig)).toEqual([
      "unknown profile 'nope' (use verification, transition, reranker, any); using verification",
    ]);
    expect(failures).toEqual([]);
  });

  test('a deeply nested expression and a huge sample', () => {
    const { ls, failures } = testService({ sampleContext: { a: Array.from({ length: 5000 }, (_, i) => ({ [`k${i}`]: i })) } });
    const document = TextDocument.create(URIS[0]!, 'userfn', 1, '('.repeat(5000) + "get('$.a[0].')" + ')'.repeat(5000));
    everyFeature(ls, document, document.positionAt(5000 + "get('$.a[0].".length));
    expect(failures).toEqual([]);
  });

  test('an internal failure is reported and the feature returns an empty result', () => {
    const { ls, failures } = testService();
    const broken = {
      uri: 'file:///x.userfn',
      version: 1,
      getText: () => {
        throw new Error('boom');
      },
    } as unknown as TextDocument;
    expect(ls.doValidation(broken)).toEqual([]);
    expect(ls.doComplete(broken, { line: 0, character: 0 })).toEqual({ isIncomplete: false, items: [] });
    expect(ls.doHover(broken, { line: 0, character: 0 })).toBeNull();
    expect(failures.map((f) => f.feature)).toEqual(['doValidation', 'doComplete', 'doHover']);
  });
});
