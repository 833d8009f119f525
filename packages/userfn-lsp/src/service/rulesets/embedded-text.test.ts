import { readRuleSetDocument } from '@userfn/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { embeddedText, escapeForStyle } from './embedded-text.js';

/** The embedded text of the only condition of a rule-set file. */
function conditionOf(text: string, format: 'json' | 'yaml') {
  const [c] = readRuleSetDocument(text, { format }).conditions;
  return embeddedText(text, c!);
}

/** The file with the condition's literal rewritten by `requote`. */
function requoted(text: string, format: 'json' | 'yaml', value: string): string | undefined {
  const edit = conditionOf(text, format).requote(value);
  return edit && text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

describe('escapeForStyle', () => {
  test('a JSON (or YAML double-quoted) string reads the escaped text back', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(JSON.parse(`"${escapeForStyle(s, 'json')}"`)).toBe(s);
        expect(parseYaml(`k: "${escapeForStyle(s, 'double')}"`).k).toBe(s);
      }),
    );
  });

  test('YAML single quotes are doubled; plain and block text is written as it is', () => {
    expect(escapeForStyle("a'b", 'single')).toBe("a''b");
    expect(escapeForStyle('a"b\\', 'double')).toBe('a\\"b\\\\');
    expect(escapeForStyle("a'b", 'plain')).toBe("a'b");
    expect(escapeForStyle("a'b", 'literal')).toBe("a'b");
  });
});

describe('requote', () => {
  test('a one-line value in each one-line style, read back as that value', () => {
    const value = `get('$.a') == "it's"`;
    for (const [text, format] of [
      ['{"rules": [{"id": "a", "condition": "true"}]}', 'json'],
      ['rules:\n  - id: a\n    condition: "true"\n', 'yaml'],
      ["rules:\n  - id: a\n    condition: 'true'\n", 'yaml'],
      ['rules:\n  - id: a\n    condition: true and true\n', 'yaml'],
      ['rules:\n  - id: a\n    condition: >-\n      true\n', 'yaml'],
    ] as const) {
      const out = requoted(text, format, value)!;
      expect(readRuleSetDocument(out, { format }).conditions[0]!.condition).toBe(value);
    }
  });

  test('a multi-line value only into a literal block, keeping its header and indentation', () => {
    expect(requoted('{"rules": [{"id": "a", "condition": "true"}]}', 'json', 'a\nb')).toBeUndefined();
    expect(requoted('rules:\n  - id: a\n    condition: >\n      true\n', 'yaml', 'a\nb')).toBeUndefined();
    expect(requoted('rules:\n  - id: a\n    condition: |\n      true\n', 'yaml', 'true and\n  false')).toBe(
      'rules:\n  - id: a\n    condition: |\n      true and\n        false\n',
    );
  });

  test('a plain scalar that would not read back as plain text is single-quoted', () => {
    expect(requoted('rules:\n  - id: a\n    condition: x\n', 'yaml', "'a' == b")).toBe("rules:\n  - id: a\n    condition: '''a'' == b'\n");
  });
});
