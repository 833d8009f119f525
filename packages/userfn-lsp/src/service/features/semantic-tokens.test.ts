import { describe, expect, test } from 'vitest';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { documentOf } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';
import { SEMANTIC_TOKENS_LEGEND } from '../index.js';

const service = checkedServices();

/** Decodes the relative encoding back to [text, type] pairs. */
function decode(document: TextDocument, data: readonly number[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    char = data[i]! === 0 ? char + data[i + 1]! : data[i + 1]!;
    const start = { line, character: char };
    out.push([document.getText({ start, end: { line, character: char + data[i + 2]! } }), SEMANTIC_TOKENS_LEGEND.tokenTypes[data[i + 3]!]!]);
  }
  return out;
}

function tokens(text: string, uri?: string): Array<[string, string]> {
  const ls = service();
  const document = documentOf(text, uri);
  return decode(document, ls.getSemanticTokens(document).data);
}

describe('getSemanticTokens', () => {
  test('the legend: keyword, function, string, number, operator, comment', () => {
    expect(SEMANTIC_TOKENS_LEGEND.tokenTypes).toEqual(['keyword', 'function', 'string', 'number', 'operator', 'comment']);
  });

  test('a .userfn document', () => {
    expect(tokens("// why\nget('$.a') >= 1.5 AND not called('x')")).toEqual([
      ['// why', 'comment'],
      ['get', 'function'],
      ["'$.a'", 'string'],
      ['>=', 'operator'],
      ['1.5', 'number'],
      ['AND', 'keyword'],
      ['not', 'keyword'],
      ['called', 'function'],
      ["'x'", 'string'],
    ]);
  });

  test('builtins carry the defaultLibrary modifier', () => {
    const ls = service();
    const data = ls.getSemanticTokens(documentOf("get('$.a') != null")).data;
    expect(data[4]).toBe(1);
  });

  test('a token over several lines is cut at each line break', () => {
    expect(tokens('/* a\nb */ true')).toEqual([
      ['/* a', 'comment'],
      ['b */', 'comment'],
      ['true', 'keyword'],
    ]);
  });

  test('a JSON rule set: tokens inside the condition strings, escapes included', () => {
    const text = '{"rules": [{"id": "a", "condition": "contains(get(\'$.a\'), \\"x\\\\\\") or true"}]}';
    expect(tokens(text, 'file:///r.rules.json')).toEqual([
      ['contains', 'function'],
      ['get', 'function'],
      ["'$.a'", 'string'],
      ['\\"x\\\\\\"', 'string'],
      ['or', 'keyword'],
      ['true', 'keyword'],
    ]);
  });

  test('a YAML block scalar', () => {
    const text = "rules:\n  - id: a\n    condition: |\n      get('$.a')\n        > 1\n";
    expect(tokens(text, 'file:///r.rules.yaml')).toEqual([
      ['get', 'function'],
      ["'$.a'", 'string'],
      ['>', 'operator'],
      ['1', 'number'],
    ]);
  });
});

describe('bounded work', () => {
  test('a source over the core length limit gets its limit diagnostic and no tokens', () => {
    const ls = service();
    const document = documentOf('1 + '.repeat(30_000) + '1');
    expect(ls.doValidation(document).map((d) => d.code)).toEqual(['UF4001']);
    expect(ls.getSemanticTokens(document).data).toEqual([]);
  });
});
