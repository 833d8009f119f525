import { describe, expect, it } from 'vitest';
import { formatRuleSetText } from './format-rule-set.js';
import { loadRuleSet } from './load.js';

describe('formatRuleSetText', () => {
  it('rewrites only the conditions of a JSON rule set, keeping every other byte (spacing, escapes, key order, no final newline)', () => {
    const text =
      '{ "rules" :[\n\t{"condition":"get(\'$.a\')>1  AND  called( \'x\' )","id":"a","message":"caf\\u00e9 \\"q\\""},\n\t{"id":"b","condition":"true"}   ]  ,"name":"n"}';
    const out = formatRuleSetText(text, { fileName: 'r.json' });
    expect(out.problems).toEqual([]);
    expect(out.changed).toBe(1);
    expect(out.text).toBe(text.replace("\"get('$.a')>1  AND  called( 'x' )\"", "\"get('$.a') > 1 and called('x')\""));
    // idempotent, and the rule set means the same
    expect(formatRuleSetText(out.text, { fileName: 'r.json' })).toEqual({ text: out.text, changed: 0, problems: [] });
    expect(loadRuleSet(out.text).rules[0]!.condition).toBe("get('$.a') > 1 and called('x')");
  });

  it('keeps each YAML string in its style: plain, single-quoted, double-quoted, literal block; comments stay', () => {
    const text = [
      '# the contract',
      'rules:',
      '  - id: plain',
      "    condition: get('$.a')==1   # trailing comment",
      '  - id: single',
      "    condition: 'called(''x'')  OR  false'",
      '  - id: double',
      '    condition: "1+2 == 3"',
      '  - id: block',
      '    condition: |',
      "      get('$.x')",
      '        != null',
      '',
    ].join('\n');
    const out = formatRuleSetText(text, { fileName: 'r.yaml' });
    expect(out.problems).toEqual([]);
    expect(out.changed).toBe(4);
    expect(out.text).toBe(
      [
        '# the contract',
        'rules:',
        '  - id: plain',
        "    condition: get('$.a') == 1   # trailing comment",
        '  - id: single',
        "    condition: 'called(''x'') or false'",
        '  - id: double',
        '    condition: "1 + 2 == 3"',
        '  - id: block',
        '    condition: |',
        "      get('$.x') != null",
        '',
      ].join('\n'),
    );
    expect(formatRuleSetText(out.text, { fileName: 'r.yaml' }).changed).toBe(0);
  });

  it('leaves a condition with a syntax error as written and says where; a line-comment that needs a line break in a JSON string is a note', () => {
    const text = '{"rules": [{"id": "a", "condition": "1 +"}, {"id": "b", "condition": "true // why\\n  and  false"}, {"id": "c", "condition": "1==1"}]}';
    const out = formatRuleSetText(text, { fileName: 'r.json' });
    expect(out.problems).toEqual([
      { message: expect.stringMatching(/^rule 'a': not formatted: .*\[UF1\d{3}\]$/), file: { line: 1, column: 41 }, severity: 'error' },
      { message: "rule 'b': left as written: its formatted text spans lines, which this string cannot hold", file: { line: 1, column: 70 }, severity: 'note' },
    ]);
    expect(out.changed).toBe(1);
    expect(out.text).toBe(text.replace('"1==1"', '"1 == 1"'));
  });

  it('a file that is not JSON is not formatted, with the position of its syntax error', () => {
    const out = formatRuleSetText('{"rules": [', { fileName: 'r.json' });
    expect(out.changed).toBe(0);
    expect(out.problems).toEqual([{ message: expect.stringMatching(/^invalid JSON: /), file: { line: 1, column: 12 }, severity: 'error' }]);
  });

  it("formats a YAML anchor's condition once; a judge's when that is an alias of it follows (no read-back failure)", () => {
    const text = [
      'rules:',
      '  - id: plain',
      "    condition: &plain not   matches(get('$.t', ''),'judge')",
      '  - id: j',
      '    when: *plain',
      '    judge: { prompt: Good? }',
      '',
    ].join('\n');
    const out = formatRuleSetText(text, { fileName: 'r.yaml' });
    expect(out.problems).toEqual([]);
    expect(out.changed).toBe(1);
    expect(out.text).toBe(text.replace("not   matches(get('$.t', ''),'judge')", "not matches(get('$.t', ''), 'judge')"));
    const rs = loadRuleSet(out.text);
    expect(rs.judges[0]!.when).toBe("not matches(get('$.t', ''), 'judge')");
    expect(formatRuleSetText(out.text, { fileName: 'r.yaml' }).changed).toBe(0);
  });
});
