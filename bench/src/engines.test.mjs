/**
 * Every peer's and the hand-written closure's source in workloads.json gives
 * the expected value (the bench also checks this, and UserFn's, before timing;
 * UserFn is left out here because its dist may not be built when tests run).
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, loadAdapter } from './engines.mjs';
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
