import { PROFILES } from '@userfn/core';
import { describe, expect, test } from 'vitest';
import { extendWithSample } from './sample-schema.js';

describe('extendWithSample', () => {
  test('adds the members of the sample, keeping the schema', () => {
    const s = extendWithSample(PROFILES.verification.schema, { output: { status: 'ok' }, extra: [{ a: 1 }, { b: 2 }] })!;
    expect(Object.keys(s.properties!)).toEqual([
      'agent',
      'session',
      'currentDate',
      'output',
      'tools',
      'tool_calls',
      'task',
      'expected_answer',
      'response',
      'extra',
    ]);
    expect(s.properties!.output!.description).toContain('final output');
    expect(Object.keys(s.properties!.output!.properties!)).toEqual(['text', 'refusal', 'status']);
    expect(Object.keys(s.properties!.extra!.items!.properties!)).toEqual(['a', 'b']);
  });

  test('an object the schema left open stays open', () => {
    const s = extendWithSample({ type: 'object' }, { a: 1 })!;
    expect(s.additionalProperties).toBe(true);
    const closed = extendWithSample({ type: 'object', properties: { x: {} } }, { a: 1 })!;
    expect(closed.additionalProperties).toBeUndefined();
  });

  test('leaf types are not inferred from one sample', () => {
    const s = extendWithSample(undefined, { n: 1, s: 'x' })!;
    expect(s.properties!.n).toEqual({});
    expect(s.properties!.s).toEqual({});
  });

  test('members reached through additionalProperties keep that schema', () => {
    const s = extendWithSample(PROFILES.verification.schema, { tools: { search: { outputs: { latest: '{}' } } } })!;
    const latest = s.properties!.tools!.properties!.search!.properties!.outputs!.properties!.latest!;
    // `latest` is any JSON: the schema's description stays, no type is inferred from the sample
    expect(latest.type).toBeUndefined();
    expect(latest.description).toContain('any JSON value');
  });
});
