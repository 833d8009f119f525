import { afterEach, describe, expect, it, vi } from 'vitest';
import SlowestReporter from '../vitest/slowest-reporter.mjs';

/** The reporter every package's vitest config uses (README: "Tests that do not flake"), fed a made-up run. */
const test = (fullName: string, ms: number) => ({ fullName, diagnostic: () => ({ duration: ms }) });
const module = (file: string, ms: number, tests: Array<ReturnType<typeof test>>) => ({
  moduleId: `${process.cwd()}/${file}`,
  diagnostic: () => ({ duration: ms }),
  children: { allTests: () => tests },
});

/** What the reporter prints for a run that took `wallMs` (the clock is the only thing faked). */
function report(budget: { suiteSeconds: number; perTestSeconds: number; top?: number }, wallMs: number, modules: unknown[]): string {
  const reporter = new SlowestReporter(budget) as unknown as { onTestRunStart(): void; onTestRunEnd(m: unknown[]): void };
  const now = vi
    .spyOn(performance, 'now')
    .mockReturnValueOnce(1000)
    .mockReturnValueOnce(1000 + wallMs);
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    reporter.onTestRunStart();
    reporter.onTestRunEnd(modules);
  } finally {
    write.mockRestore();
    now.mockRestore();
  }
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('the slowest-tests reporter', () => {
  const modules = [
    module('a.test.ts', 9000, [test('quick', 100), test('slow one', 7000)]),
    module('b.test.ts', 2500, [test('middling', 2500)]),
    module('c.test.ts', 50, [test('tiny', 50)]),
  ];

  it('names the slowest tests and files, slowest first, and flags a test over its budget', () => {
    const out = report({ suiteSeconds: 60, perTestSeconds: 5, top: 2 }, 12_000, modules).split('\n');
    expect(out).toEqual([
      '',
      'Slowest tests (budget 5 s each):',
      '     7.0 s  a.test.ts > slow one  OVER BUDGET',
      '     2.5 s  b.test.ts > middling',
      'Slowest files:',
      '     9.0 s  a.test.ts',
      '     2.5 s  b.test.ts',
      'Suite: 12 s of a 60 s budget',
      '',
    ]);
  });

  it('flags a run over the suite budget, and flags nothing when all is within', () => {
    expect(report({ suiteSeconds: 10, perTestSeconds: 20 }, 12_000, modules)).toContain('Suite: 12 s of a 10 s budget  OVER BUDGET');
    expect(report({ suiteSeconds: 60, perTestSeconds: 20 }, 12_000, modules)).not.toContain('OVER BUDGET');
  });
});
