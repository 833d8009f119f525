/** Judge rules in rule-set files: `when` checked like a condition, the judge's fields completed, its problems shown. */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import type { TextEdit } from 'vscode-languageserver-types';
import { cursorAt, documentOf } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';

const service = checkedServices();
const JSON_URI = 'file:///work/judge.rules.json';
const YAML_URI = 'file:///work/judge.rules.yaml';

const complete = (text: string, uri: string) => {
  const { document, position } = cursorAt(text, '@', uri);
  const items = service().doComplete(document, position).items;
  return { document, items, apply: (label: string) => TextDocument.applyEdits(document, [items.find((i) => i.label === label)!.textEdit as TextEdit]) };
};

describe('judge rules in the editor', () => {
  test('a when is checked like a condition, at its place in the file', () => {
    const text = "rules:\n  - id: a\n    when: lenght('x') > 0 and get('$.outptu') != null\n    judge:\n      prompt: Polite?\n";
    const document = documentOf(text, YAML_URI);
    const ds = service().doValidation(document);
    expect(ds.map((d) => [d.code, document.getText(d.range)])).toEqual([
      ['UF2001', 'lenght'],
      ['UF2103', 'outptu'],
    ]);
  });

  test("a judge's field problems are diagnostics with the loader's codes", () => {
    const text = '{"rules": [{"id": "a", "judge": {"prompt": "p", "threshold": 2, "include": ["outptu"]}}]}';
    const document = documentOf(text, JSON_URI);
    expect(
      service()
        .doValidation(document)
        .map((d) => [d.code, document.getText(d.range)]),
    ).toEqual([
      ['RS013', '2'],
      ['RS013', '"outptu"'],
    ]);
  });

  test('completion inside a JSON judge object offers the fields it lacks', () => {
    const { items, apply } = complete('{"rules": [{"id": "a", "judge": {"prompt": "p", "@"}}]}', JSON_URI);
    expect(items.map((i) => i.label)).toEqual(['include', 'threshold', 'samples']);
    expect(apply('threshold')).toBe('{"rules": [{"id": "a", "judge": {"prompt": "p", "threshold": }}]}');
  });

  test('completion on a new line of a YAML judge object offers the fields it lacks, at its indentation only', () => {
    const text = 'rules:\n  - id: a\n    judge:\n      prompt: Polite?\n      sa@\n    weight: 1\n';
    const { items, apply } = complete(text, YAML_URI);
    expect(items.map((i) => i.label)).toEqual(['include', 'threshold', 'samples']);
    expect(apply('samples')).toBe('rules:\n  - id: a\n    judge:\n      prompt: Polite?\n      samples: \n    weight: 1\n');
    // at the rule's indentation the cursor is outside the judge: no judge field
    expect(complete('rules:\n  - id: a\n    judge:\n      prompt: Polite?\n    @\n', YAML_URI).items).toEqual([]);
    // nor inside a value
    expect(complete('rules:\n  - id: a\n    judge:\n      prompt: Pol@ite?\n', YAML_URI).items).toEqual([]);
  });
});

describe("a judge rule's when in the editor", () => {
  test('completes inside a when as inside a condition: functions, and context paths inside get', () => {
    const yaml = complete("rules:\n  - id: a\n    when: get('$.ou@')\n    judge:\n      prompt: Polite?\n", YAML_URI);
    expect(yaml.items.map((i) => i.label)).toContain('output');
    const json = complete('{"rules": [{"id": "a", "when": "cal@", "judge": {"prompt": "p"}}]}', JSON_URI);
    expect(json.items.map((i) => i.label)).toContain('called');
  });
});
