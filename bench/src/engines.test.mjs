/**
 * Every peer's and the hand-written closure's source in workloads.json gives
 * the expected value (the bench also checks this, and UserFn's, before timing;
 * UserFn is left out here because its dist may not be built when tests run).
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, loadAdapter, userfnOptions } from './engines.mjs';
import { makeOnce } from './loops.mjs';
import { loadWorkloads } from './workloads.mjs';

const bench = loadWorkloads();

describe.each(ENGINES.filter((e) => e.group !== 'userfn'))('$label', (engine) => {
  it.each(bench.workloads.filter((w) => w.sources[engine.syntax] != null))('$id gives the expected value', async (wl) => {
    const adapter = await loadAdapter(engine.id, bench);
    const source = wl.sources[engine.syntax];
    const targets = (Array.isArray(source) ? source : [source]).map((s) => adapter.prepare(s, wl));
    const got = await makeOnce(adapter.call, targets.length, adapter.async)(...targets, adapter.bindings(wl), adapter.context(structuredClone(bench.context)));
    if (typeof wl.expected === 'number') expect(got).toBeCloseTo(wl.expected, 9);
    else expect(got).toEqual(wl.expected);
  });
});

describe('userfnOptions', () => {
  it('gives each workload one options object, made once, as a host holds its options', () => {
    const wl = { userfnProfile: 'reranker' };
    const options = userfnOptions(wl, '2026-01-01T00:00:00Z');
    expect(userfnOptions(wl, '2026-01-01T00:00:00Z')).toBe(options);
    expect(options.profile).toBe('reranker');
    expect(options.now.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(userfnOptions({}, '2026-01-01T00:00:00Z').profile).toBe('verification');
    // another clock is other options
    expect(userfnOptions(wl, '2026-01-02T00:00:00Z').now.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });
});
