import { execFileSync } from 'node:child_process';
import { compile } from '@userfn/core';
import { describe, expect, it } from 'vitest';
import { contractDocument, contractMemberNames, contractRules, contractSessions } from './contract.mjs';
import { loadAdapter } from './engines.mjs';
import { loadWorkloads } from './workloads.mjs';

describe('the shared-process contract (RS)', () => {
  const rules = contractRules();
  const sessions = contractSessions(64);

  it('has at least 50 distinct conditions over at least 40 member names', () => {
    expect(new Set(rules.map((r) => r.userfn)).size).toBeGreaterThanOrEqual(50);
    expect(contractMemberNames().size).toBeGreaterThanOrEqual(40);
  });

  it('is the same stream of sessions on every run', () => {
    expect(contractSessions(64)).toEqual(sessions);
    expect(contractSessions(64, 19)).not.toEqual(sessions);
  });

  // The RS stream is what a verifier receives, objects decoded from JSON; `built` keeps the
  // generator's own objects, whose 36-member `output` (members added by computed key) V8
  // keeps in dictionary mode, which JSON.parse never gives. Only V8 can tell them apart.
  it('is decoded from JSON, as hosts receive sessions, and `built` is the same data in dictionary mode', () => {
    expect(contractSessions(64, 18, { built: true })).toEqual(sessions);
    const probe = `import { contractSessions } from ${JSON.stringify(new URL('./contract.mjs', import.meta.url).href)};
      const fast = (xs) => xs.every((s) => %HasFastProperties(s.output));
      process.stdout.write(JSON.stringify([fast(contractSessions(8)), fast(contractSessions(8, 18, { built: true }))]));`;
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([true, false]);
  });

  it('gives the same verdict in UserFn, CEL and the hand-written closure, and not the same verdict everywhere', async () => {
    const cel = await loadAdapter('cel-js', loadWorkloads());
    const verdicts = new Set();
    for (const r of rules) {
      const u = compile(r.userfn, { profile: 'verification' });
      const c = cel.prepare(r.cel);
      const js = new Function(`return ${r.js}`)();
      for (const s of sessions) {
        const v = u.evaluate(s);
        expect([r.id, c(s), js(s)]).toEqual([r.id, v, v]);
        verdicts.add(v);
      }
    }
    expect([...verdicts].sort()).toEqual([false, true]);
  });

  it('makes rule-set documents of any size with distinct conditions', () => {
    const doc = JSON.parse(contractDocument(200));
    expect(doc.rules).toHaveLength(200);
    expect(new Set(doc.rules.map((r) => r.condition)).size).toBe(200);
  });
});
