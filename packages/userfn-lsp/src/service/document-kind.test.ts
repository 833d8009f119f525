import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { testService } from '../test-support/service.js';
import { documentKind } from './document-kind.js';

describe('document kinds', () => {
  test('by name for rule sets, whatever the languageId', () => {
    expect(documentKind('file:///a/b.rules.json', 'json')).toBe('rules-json');
    expect(documentKind('file:///a/b.Rules.YAML', 'plaintext')).toBe('rules-yaml');
    expect(documentKind('file:///a/b.rules.yml?x=1', '')).toBe('rules-yaml');
  });

  test('expressions by extension or languageId; other files are left alone', () => {
    expect(documentKind('file:///a/check.userfn', 'plaintext')).toBe('expression');
    expect(documentKind('inmemory://model/1', 'userfn')).toBe('expression');
    expect(documentKind('file:///a/package.json', 'json')).toBe('other');
    expect(documentKind('file:///a/rules.json', 'json')).toBe('other');
  });

  test('a document of another kind gets no diagnostics and no completion', () => {
    const { ls, failures } = testService();
    const d = TextDocument.create('file:///a/package.json', 'json', 1, '{"name": "lenght(1)"}');
    expect(ls.doValidation(d)).toEqual([]);
    expect(ls.doComplete(d, { line: 0, character: 12 }).items).toEqual([]);
    expect(ls.doValidation(TextDocument.create('file:///big.txt', 'plaintext', 1, 'x'.repeat(3_000_000)))).toEqual([]);
    expect(failures).toEqual([]);
  });
});
