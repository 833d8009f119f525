import * as core from '@userfn/core';
import { describe, expect, it } from 'vitest';
import { contractRules, contractSessions } from './contract.mjs';
import { ruleSetCode } from './rule-set-code.mjs';

const options = { profile: 'verification' };
/** How many of the conditions give true on ctx, by their compiled closures: what the generated function must count. */
const heldBy = (sources) => {
  const compiled = sources.map((s) => core.compile(s, options));
  return (ctx) =>
    compiled.filter((c) => {
      try {
        return c.evaluate(ctx) === true;
      } catch {
        return false;
      }
    }).length;
};

// The prototype of code per rule set that the shared-process bench measures (--rule-set-code):
// its count must be the package's on every context, whatever shape decides it.
describe('ruleSetCode (bench prototype of code per rule set)', () => {
  it('counts what the compiled conditions count on the contract, on both session streams, deciding nearly all in its code', () => {
    const sources = contractRules().map((r) => r.userfn);
    const code = ruleSetCode(core, sources, options);
    const held = heldBy(sources);
    for (const s of [...contractSessions(64), ...contractSessions(16, 7, { built: true })]) expect(code.fn(s)).toBe(held(s));
    expect(code.decided).toBeGreaterThanOrEqual(55);
    expect(code.sourceCount).toBe(sources.length);
  });

  it('leaves other shapes and values to the closures: wrong types, absent parts, a tool_calls list, prototype names, class instances', () => {
    const sources = [
      "get('$.output.confidence') >= 0.8",
      "get('$.output.confidence') >= 0.8 and get('$.output.status') == 'ok'",
      "not (get('$.output.status') in ['ok', 'done']) or called('search')",
      "contains(get('$.output.text'), 'refund')",
      "get('$.output.constructor') == 'x' or get('$.output.toString') != 'y'",
      "called('search')",
      "lower(get('$.output.text')) == 'a refund'",
      "get('$.output.n') < 10",
    ];
    const code = ruleSetCode(core, sources, options);
    const held = heldBy(sources);
    const contexts = [
      { output: { confidence: 0.9, status: 'ok', text: 'a refund', n: 3 }, tools: { search: {} } },
      { output: { confidence: '0.9', status: 'done', text: 42, n: -0 }, tools: [] },
      { output: { confidence: null, status: null, text: null, n: null } },
      { output: [1, 2] },
      { output: new Date(0), tools: { search: null } },
      { output: { confidence: 1e308 * 10, n: Number.NaN } },
      { output: Object.create({ confidence: 0.99, status: 'ok' }) },
      { output: { constructor: 'x', toString: 'y' } },
      { tool_calls: [{ name: 'search' }], output: { status: 'ok' } },
      { tool_calls: 'not a list', tools: { search: {} } },
      null,
      'text',
      [],
    ];
    for (const ctx of contexts) expect([ctx, code.fn(ctx)]).toEqual([ctx, held(ctx)]);
    expect(code.decided).toBe(sources.length - 1);
  });

  it('writes names and literals as JSON strings: a name that closes the string runs nothing', () => {
    const hostile = `x"); globalThis.__ruleSetCodeRan = true; ("\\`;
    // a UserFn string: single quotes, a quote doubled, a backslash as it is
    const quoted = (text) => `'${text.replaceAll("'", "''")}'`;
    const sources = [`get(${quoted(`$[${JSON.stringify(hostile)}]`)}) == ${quoted(hostile)}`];
    const code = ruleSetCode(core, sources, options);
    expect(code.fn({ [hostile]: hostile })).toBe(1);
    expect(code.fn({ [hostile]: 'other' })).toBe(0);
    expect(globalThis.__ruleSetCodeRan).toBeUndefined();
    expect(code.decided).toBe(1);
  });
});
