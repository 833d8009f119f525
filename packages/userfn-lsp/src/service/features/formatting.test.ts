import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { documentOf } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';

const service = checkedServices();

function formatted(text: string, uri?: string): string {
  const ls = service();
  const document = documentOf(text, uri);
  return TextDocument.applyEdits(document, ls.format(document, { tabSize: 2, insertSpaces: true }));
}

describe('format on a .userfn document', () => {
  test("the core's canonical formatting", () => {
    expect(formatted("get( '$.a' )==1  AND   not  called('x')")).toBe("get('$.a') == 1 and not called('x')");
  });

  test('keeps the final line break, and comments', () => {
    expect(formatted("/* why */ get('$.a')  !=  null\n")).toBe("/* why */ get('$.a') != null\n");
  });

  test('no edit when already formatted or when there are syntax errors', () => {
    const ls = service();
    expect(ls.format(documentOf("get('$.a') == 1"), { tabSize: 2, insertSpaces: true })).toEqual([]);
    expect(ls.format(documentOf('1 +  '), { tabSize: 2, insertSpaces: true })).toEqual([]);
  });
});

describe('format on rule-set files: each condition in place, in its own quoting', () => {
  test('JSON: the condition string is rewritten, the rest of the file untouched', () => {
    const text = String.raw`{
  "rules": [
    { "id": "a",  "condition": "get( '$.a' )=='\\ \u0041'", "message": "m" },
    { "id": "b", "condition": "true" }
  ]
}
`;
    expect(formatted(text, 'file:///r.rules.json')).toBe(String.raw`{
  "rules": [
    { "id": "a",  "condition": "get('$.a') == '\\ A'", "message": "m" },
    { "id": "b", "condition": "true" }
  ]
}
`);
  });

  test('JSON: a condition with syntax errors is left alone', () => {
    const text = '{ "rules": [ { "id": "a", "condition": "1 +  " } ] }';
    expect(formatted(text, 'file:///r.rules.json')).toBe(text);
  });

  test('JSON: a condition the formatter breaks over lines is left alone', () => {
    const text = '{ "rules": [ { "id": "a", "condition": "true  // why\\n and  false" } ] }';
    expect(formatted(text, 'file:///r.rules.json')).toBe(text);
  });

  test('YAML: plain, single-quoted, double-quoted and block scalars keep their style', () => {
    const text = [
      'rules:',
      '  - id: plain',
      '    condition: called(  "x"  ) ==  true',
      '  - id: single',
      "    condition: 'get(  ''$.a'')  ==  1'",
      '  - id: double',
      '    condition: "get(  \'$.a\')  ==  1"',
      '  - id: block',
      '    condition: |',
      "      get( '$.a' )",
      '        ==   1',
      '  - id: done',
      "    condition: get('$.a') == 1",
      '',
    ].join('\n');
    expect(formatted(text, 'file:///r.rules.yaml')).toBe(
      [
        'rules:',
        '  - id: plain',
        '    condition: called(  "x"  ) ==  true', // syntax error (double quotes): left alone
        '  - id: single',
        "    condition: 'get(''$.a'') == 1'",
        '  - id: double',
        '    condition: "get(\'$.a\') == 1"',
        '  - id: block',
        '    condition: |',
        "      get('$.a') == 1",
        '  - id: done',
        "    condition: get('$.a') == 1",
        '',
      ].join('\n'),
    );
  });

  test('YAML: a plain scalar that would not read back as the same string is single-quoted', () => {
    const text = 'rules:\n  - id: t\n    condition: true?1==1:false\n';
    const out = formatted(text, 'file:///r.rules.yml');
    expect(out).toBe("rules:\n  - id: t\n    condition: 'true ? 1 == 1 : false'\n");
  });
});
