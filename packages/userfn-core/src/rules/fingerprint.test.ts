import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, ruleSetVersion } from './fingerprint.js';
import { loadRuleSet } from './load.js';
import { sha256Hex } from './sha256.js';
import { verify } from './verify.js';

describe('sha256Hex', () => {
  it('is SHA-256 of the UTF-8 bytes (against node:crypto, across block boundaries and non-ASCII)', () => {
    for (const s of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'é€😀'.repeat(40)])
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => sha256Hex(s) === createHash('sha256').update(s, 'utf8').digest('hex')));
  });
});

describe('ruleSetVersion', () => {
  const json = '{"name": "support", "rules": [{"id": "a", "condition": "true", "weight": 2}, {"id": "b", "condition": "false", "severity": "warning"}]}';
  const v = ruleSetVersion(loadRuleSet(json, { fileName: 'r.json' }));

  it('names the rule set and hashes its content: the same across whitespace, key order, JSON or YAML, and defaults written out', () => {
    expect(v.name).toBe('support');
    expect(v.hash).toMatch(/^sha256:[0-9a-f]{16}$/);
    const yaml =
      '# comment\nrules:\n  - condition: "true"\n    weight: 2\n    id: a\n    on_fail: retry\n  - {id: b, condition: "false", on_fail: warn}\nname: support\nprofile: verification\n';
    const spaced =
      '{\n  "rules": [ {"weight":2,"condition":"true","id":"a","severity":"error"} , {"severity":"warning","id":"b","condition":"false","weight":1} ],\n  "name":"support"\n}';
    expect(ruleSetVersion(loadRuleSet(yaml, { fileName: 'r.yaml' }))).toEqual(v);
    expect(ruleSetVersion(loadRuleSet(spaced, { fileName: 'r.json' }))).toEqual(v);
  });

  it('changes with anything a rule checks, weighs or decides, and with the rule order', () => {
    const variants = [
      json.replace('"weight": 2', '"weight": 3'),
      json.replace('"condition": "true"', '"condition": "true and true"'),
      json.replace('"severity": "warning"', '"severity": "error"'),
      json.replace('"name": "support"', '"name": "support2"'),
      json.replace('"name": "support",', '"name": "support", "max_retries": 2,'),
      json.replace('"id": "a", "condition": "true", "weight": 2', '"id": "a", "condition": "true", "weight": 2, "on_fail": "abort"'),
      '{"name": "support", "rules": [{"id": "b", "condition": "false", "severity": "warning"}, {"id": "a", "condition": "true", "weight": 2}]}',
    ];
    const hashes = variants.map((t) => ruleSetVersion(loadRuleSet(t, { fileName: 'r.json' })).hash);
    expect(new Set([...hashes, v.hash]).size).toBe(variants.length + 1);
    expect(ruleSetVersion(loadRuleSet({ rules: [{ id: 'a', condition: 'true' }] })).name).toBeNull();
  });

  it('is on every verify() result', () => {
    expect(verify(loadRuleSet(json), {}).rule_set).toEqual(v);
  });

  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }, 3], a: 'x', u: undefined })).toBe('{"a":"x","b":[{"c":2,"d":1},3]}');
  });
});
