import { nemoGymToContext } from '@userfn/core';
import { describe, expect, it } from 'vitest';
import { rolloutOf } from './serve.mjs';
import { loadWorkloads } from './workloads.mjs';

describe('rolloutOf', () => {
  it('builds a NeMo Gym rollout that userfn maps back to the bench context (output and tools)', () => {
    const { context } = loadWorkloads();
    const mapped = nemoGymToContext(rolloutOf(context));
    expect(mapped.output).toEqual(context.output);
    expect(mapped.tool_calls.map((c) => c.name)).toEqual(Object.keys(context.tools));
    for (const name of Object.keys(context.tools)) expect(mapped.tools[name].outputs.latest).toEqual(context.tools[name].outputs.latest);
  });
});
