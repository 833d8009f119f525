import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Io } from '../../src/node/cli/io.js';
import { main } from '../../src/node/cli/main.js';
import { fuzzSettings, inputLineCount, jsonlInputArb, verifyOutputProblems } from './fuzz.js';

/*
 * `userfn verify` on random and truncated JSON Lines: whatever the input —
 * junk, broken UTF-8, blank lines, hostile keys, a last line cut anywhere —
 * exactly one JSON output line per input line, in order, and never an
 * internal error. In process (many runs) and through the built executable
 * (a few runs, some on worker threads).
 */

const settings = fuzzSettings((import.meta as { env?: { MODE?: string } }).env?.MODE);
const timeout = settings.deep ? 0 : undefined;
const runs = (base: number): number => Math.max(1, Math.round(base * settings.scale));
const NOW = '2026-11-21T12:00:00Z';

if (settings.deep)
  console.log(
    `verify fuzz: seed ${settings.seed}, scale ${settings.scale} (reproduce with USERFN_FUZZ_SEED=${settings.seed} USERFN_FUZZ_SCALE=${settings.scale} npm run fuzz)`,
  );

const dir = mkdtempSync(join(tmpdir(), 'userfn-verify-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rules = join(dir, 'rules.json');
writeFileSync(
  rules,
  JSON.stringify({
    profile: 'verification',
    rules: [
      { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.5", message: 'low confidence' },
      { id: 'no-delete', condition: "not called('delete')", severity: 'warning' },
      { id: 'no-pollution', condition: "get('$.__proto__.polluted') == null and get('$.constructor.prototype') == null", weight: 2 },
      { id: 'serialisable', condition: "length(to_string(get('$'))) >= 2" },
      { id: 'keys', condition: "'__proto__' in get('$') or has('$..*')" },
    ],
  }),
);

const formatArb = fc.constantFrom('sessions' as const, 'nemo-gym' as const);
let inputNo = 0;

function writeInput(bytes: Uint8Array): string {
  const file = join(dir, `in-${inputNo++}.jsonl`);
  writeFileSync(file, bytes);
  return file;
}

describe('userfn verify on random and truncated JSON Lines', () => {
  it('in process: one output line per input line', { timeout }, async () => {
    await fc.assert(
      fc.asyncProperty(jsonlInputArb, formatArb, async (bytes, format) => {
        let out = '';
        let err = '';
        const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdoutIsTTY: false, stderrIsTTY: false };
        const code = await main(['verify', '--rules', rules, writeInput(bytes), '--now', NOW, '--format', format], io);
        expect(verifyOutputProblems(format, inputLineCount(bytes), code, out, err)).toEqual([]);
      }),
      { seed: settings.seed, numRuns: runs(30) },
    );
  });

  it('the built executable, on one or two worker threads: one output line per input line', { timeout }, () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: { userfn: string } };
    const bin = fileURLToPath(new URL(`../../${pkg.bin.userfn}`, import.meta.url));
    expect(existsSync(bin), `build first: ${bin}`).toBe(true);
    fc.assert(
      fc.property(jsonlInputArb, formatArb, fc.constantFrom('1', '2'), (bytes, format, workers) => {
        const r = spawnSync(process.execPath, [bin, 'verify', '--rules', rules, writeInput(bytes), '--now', NOW, '--format', format, '--workers', workers], {
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(verifyOutputProblems(format, inputLineCount(bytes), r.status, r.stdout, r.stderr)).toEqual([]);
      }),
      { seed: settings.seed, numRuns: runs(3) },
    );
  });

  it('counts input lines as the command must', () => {
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    expect(['', '\n', 'a', 'a\n', 'a\nb', 'a\r\n\n', '\n\n\n'].map((s) => inputLineCount(enc(s)))).toEqual([0, 1, 1, 1, 2, 2, 3]);
    // a BOM at the start is not content (a file of a BOM alone is empty); anywhere else it is
    expect(['\uFEFF', '\uFEFF\n', '\uFEFFa', 'a\n\uFEFF'].map((s) => inputLineCount(enc(s)))).toEqual([0, 1, 1, 2]);
    expect(verifyOutputProblems('sessions', 2, 0, '{"line":1}\n', '')).toEqual(['1 output lines for 2 input lines']);
    expect(verifyOutputProblems('sessions', 1, 2, '{"line":2}\n', 'userfn: internal error: x')).toHaveLength(3);
  });
});
