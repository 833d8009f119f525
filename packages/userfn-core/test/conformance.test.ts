import { describe, expect, it } from 'vitest';
import { check, compile, UserFnError } from '../src/index.js';
import type { JsonSchema } from '../src/common/profiles/schema.js';
import { typeName, type Value } from '../src/common/values/values.js';
import { loadConformance, spanOfAt, type ConformanceCase } from './support/conformance.js';

const DEFAULT_NOW = '2026-11-21T12:00:00Z';

/** JSON form of a result, for comparing with the case's expectation. */
const asJson = (v: Value): unknown => JSON.parse(JSON.stringify(v));

type Outcome = { value: Value } | { error: UserFnError };

function run(c: ConformanceCase, how: 'evaluate' | 'interpret'): Outcome {
  const options = { profile: c.profile ?? 'any', now: c.now ?? DEFAULT_NOW, ...(c.schema ? { contextSchema: c.schema as JsonSchema } : {}) } as const;
  try {
    const compiled = compile(c.expr, options);
    return { value: compiled[how](c.context ?? {}) };
  } catch (e) {
    if (e instanceof UserFnError) return { error: e };
    throw e;
  }
}

function expectOutcome(c: ConformanceCase, o: Outcome): void {
  const want = c.expect;
  if ('value' in want) {
    if ('error' in o) throw new Error(`expected ${JSON.stringify(want.value)} but got ${o.error.code} ${o.error.message}`);
    expect(asJson(o.value)).toEqual(want.value);
    expect(typeName(o.value)).toBe(want.type);
  } else {
    if ('value' in o) throw new Error(`expected error ${want.error.code} but got ${JSON.stringify(o.value)}`);
    expect({ kind: o.error.kind, code: o.error.code }).toEqual({ kind: want.error.kind, code: want.error.code });
    if (want.error.at !== undefined) {
      const s = spanOfAt(c.expr, want.error.at, want.error.occurrence);
      expect({ start: o.error.span.start, end: o.error.span.end }).toEqual(s);
    }
  }
}

const files = loadConformance();

describe('conformance data', () => {
  it('has at least 300 cases with unique names', () => {
    const names = files.flatMap((f) => f.cases.map((c) => c.name));
    expect(names.length).toBeGreaterThanOrEqual(300);
    expect(new Set(names).size).toBe(names.length);
  });
});

for (const f of files) {
  describe(`${f.file}: ${f.section}`, () => {
    it.each(f.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      const compiled = run(c, 'evaluate');
      expectOutcome(c, compiled);
      expectOutcome(c, run(c, 'interpret'));
      // `warnings` is the exact set, absent meaning none, for every case that compiles
      // (a syntax or type error case may carry warnings of its own beside the error).
      const compiles = 'value' in c.expect || c.expect.error.kind === 'runtime' || c.expect.error.kind === 'limit';
      if (compiles || c.warnings !== undefined) {
        const got = check(c.expr, { profile: c.profile ?? 'any', ...(c.schema ? { contextSchema: c.schema as JsonSchema } : {}) })
          .diagnostics.filter((d) => d.severity === 'warning')
          .map((d) => d.code);
        expect([...new Set(got)].sort()).toEqual([...new Set(c.warnings ?? [])].sort());
      }
    });
  });
}
