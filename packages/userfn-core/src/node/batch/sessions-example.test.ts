import { createReadStream, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadRuleSet } from '../../rules/load.js';
import { verifyStream } from './verify-stream.js';

const examples = new URL('../../../../../examples/', import.meta.url);

interface Fault {
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  readonly rate: number;
  readonly scenarios?: readonly string[];
}
interface Generator {
  readonly DEFAULT_COUNT: number;
  readonly FAULTS: Readonly<Record<string, Fault>>;
  generateSessions(): { sessions: unknown[]; faults: string[][] };
}

/** Collects what a stream writes. */
function sink(): { stream: Writable; text: () => string } {
  const parts: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _e, cb) {
        parts.push(chunk.toString());
        cb();
      },
    }),
    text: () => parts.join(''),
  };
}

describe('examples/sessions.jsonl with examples/rules/support.rules.json', async () => {
  // A path held in a variable keeps the untyped .mjs out of the type checker.
  const generatorUrl = new URL('generate-sessions.mjs', examples).href;
  const gen = (await import(generatorUrl)) as Generator;
  const { sessions, faults } = gen.generateSessions();
  const file = new URL('sessions.jsonl', examples);

  it('is exactly what the committed generator writes, with at least 1,000 sessions', () => {
    expect(sessions.length).toBeGreaterThanOrEqual(1000);
    expect(readFileSync(file, 'utf8')).toBe(`${sessions.map((s) => JSON.stringify(s)).join('\n')}\n`);
  });

  it('passes exactly the sessions with no error-severity fault injected, at the rate the fault rates give', async () => {
    const ruleSet = loadRuleSet(readFileSync(new URL('rules/support.rules.json', examples), 'utf8'), { fileName: 'support.rules.json' });
    const out = sink();
    const summary = await verifyStream(ruleSet, createReadStream(file), out.stream, { now: '2026-11-21T12:00:00Z' });
    const records = out
      .text()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; passed: boolean; failures: { rule: string }[]; warnings: { rule: string }[] });

    const failsAnError = (fs: readonly string[]) => fs.some((f) => gen.FAULTS[f]!.severity === 'error');
    const expectedPassed = faults.filter((fs) => !failsAnError(fs)).length;
    expect(summary).toMatchObject({ records: sessions.length, passed: expectedPassed, failed: sessions.length - expectedPassed, inputErrors: 0 });

    // Record by record: passed iff no error fault, and every injected fault is reported by its rule.
    records.forEach((r, i) => {
      expect(r.line).toBe(i + 1);
      expect(r.passed).toBe(!failsAnError(faults[i]!));
      const missed = new Set([...r.failures, ...r.warnings].map((f) => f.rule));
      for (const f of faults[i]!) expect(missed.has(gen.FAULTS[f]!.rule)).toBe(true);
    });

    // The rate the generator aims at: every fault independent, refund-only faults on a third of the sessions.
    const pass = (inRefund: boolean) =>
      Object.values(gen.FAULTS)
        .filter((f) => f.severity === 'error' && (!f.scenarios || inRefund))
        .reduce((p, f) => p * (1 - f.rate), 1);
    const expectedRate = pass(true) / 3 + (pass(false) * 2) / 3;
    expect(Math.abs(summary.passed / summary.records - expectedRate)).toBeLessThan(0.04);
  });
});
