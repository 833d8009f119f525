import { describe, expect, test } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { testService } from '../test-support/service.js';

describe('the parsed-model cache', () => {
  test('one model per uri and version; a new version or a new configuration builds a new one', () => {
    const { ls } = testService();
    const v1 = TextDocument.create('file:///a.userfn', 'userfn', 1, 'true');
    const m1 = ls.parse(v1);
    expect(ls.parse(v1)).toBe(m1);
    const v2 = TextDocument.update(v1, [{ text: 'false' }], 2);
    const m2 = ls.parse(v2);
    expect(m2).not.toBe(m1);
    expect(m2.sources[0]!.source).toBe('false');
    ls.configure({ profile: 'reranker' });
    expect(ls.parse(v2)).not.toBe(m2);
    ls.forget(v2.uri);
    expect(ls.parse(v2).version).toBe(2);
  });

  test('a host reusing a version with other text is not served a stale model', () => {
    const { ls } = testService();
    ls.parse(TextDocument.create('file:///a.userfn', 'userfn', 1, 'true'));
    expect(ls.parse(TextDocument.create('file:///a.userfn', 'userfn', 1, '1 +')).sources[0]!.source).toBe('1 +');
  });

  test('a rule set with many rules: one source per condition, with its rule id', () => {
    const { ls } = testService();
    const rules = JSON.stringify({ rules: Array.from({ length: 50 }, (_, i) => ({ id: `r${i}`, condition: `get('$.output.n${i}') > ${i}` })) });
    const model = ls.parse(TextDocument.create('file:///r.rules.json', 'json', 1, rules));
    expect(model.sources).toHaveLength(50);
    expect(model.sources.map((s) => s.ruleId)).toContain('r49');
  });
});
