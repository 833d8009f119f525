import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startJudgeEndpoint, verdicts, type JudgeEndpoint } from '../../../test/support/judge-endpoint.js';
import { loadRuleSet } from '../../rules/load.js';
import { createJudgeClient } from '../judge/client.js';
import { MemoryCache } from '../judge/cache.js';
import { createVerifyService } from './server.js';
import { JsonWeight } from './json-weight.js';
import type { JudgeErrorPolicy } from '../../rules/types.js';
import type { JudgeAnswer, JudgeBackend } from '../../rules/judge-request.js';
import type { DecisionEntry } from './handlers.js';
import { verifyStream } from '../batch/verify-stream.js';
import { Writable } from 'node:stream';

const ruleSet = loadRuleSet({
  rules: [
    { id: 'answered', condition: "get('$.output.text') != null" },
    { id: 'polite', judge: { prompt: 'Polite?' } },
  ],
});
const rollout = (text: string) => ({ response: { output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }] } });

let endpoint: JudgeEndpoint;
beforeAll(async () => {
  endpoint = await startJudgeEndpoint((r, i) =>
    r.body.messages[1]!.content.includes('garbage') ? completion('no json here') : verdicts(() => ({ pass: true }))(r, i),
  );
});
afterAll(() => endpoint.close());

/** A service in this process on a free port; `post` sends a rollout to /verify. */
async function serve(judgeError: JudgeErrorPolicy, decisions?: (e: DecisionEntry) => void) {
  const judge = createJudgeClient({ baseURL: endpoint.url, model: 'm', retries: 0, cache: new MemoryCache(2) });
  const service = createVerifyService({ ruleSet, judge, judgeError, ...(decisions ? { decisions } : {}) });
  await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
  const port = (service.server.address() as AddressInfo).port;
  const post = async (text: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/verify`, {
      method: 'POST',
      body: JSON.stringify(rollout(text)),
      headers: { 'content-type': 'application/json' },
    });
    return {
      status: res.status,
      body: (await res.json()) as { reward?: number; userfn?: Record<string, unknown> & { incomplete?: boolean }; error?: { code: string; message: string } },
    };
  };
  return { post, close: () => service.drain() };
}

describe('userfn serve with judge rules (in process)', () => {
  it('under fail, a reply that does not fit gives reward without the judge and says incomplete', async () => {
    const s = await serve('fail');
    try {
      expect(await s.post('fine')).toMatchObject({ status: 200, body: { reward: 1 } });
      expect(await s.post('garbage')).toMatchObject({ status: 200, body: { reward: 0.5, userfn: { incomplete: true } } });
    } finally {
      await s.close();
    }
  });

  it('under skip, the errored judge leaves the reward; under abort, /verify answers 502 judge_error', async () => {
    const skip = await serve('skip');
    try {
      expect(await skip.post('garbage')).toMatchObject({ status: 200, body: { reward: 1, userfn: { incomplete: true } } });
    } finally {
      await skip.close();
    }
    const abort = await serve('abort');
    try {
      const r = await abort.post('garbage');
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({
        code: 'judge_error',
        message: expect.stringMatching(/^judge error on rule 'polite': the judge's reply is not JSON/),
      });
      expect((await abort.post('fine')).status).toBe(200);
    } finally {
      await abort.close();
    }
  });

  it('keeps at most the bound of replies in memory', async () => {
    const s = await serve('fail');
    try {
      const before = endpoint.requests.length;
      for (const t of ['a', 'b', 'c', 'a']) await s.post(t);
      // a was dropped when c came in (2 entries): asked again
      expect(endpoint.requests.length - before).toBe(4);
      await s.post('a');
      expect(endpoint.requests.length - before).toBe(4);
    } finally {
      await s.close();
    }
  });

  it("counts a body's bytes in /healthz's buffered until its answer is written, while its judge is awaited", async () => {
    // A judge that answers only when told: the parsed rollout is held meanwhile, so its bytes must stay
    // reserved (released at parse, many rollouts awaiting a slow judge would escape --max-buffered).
    const waiting: Array<() => void> = [];
    const judge: JudgeBackend = {
      ask: (request) =>
        new Promise<JudgeAnswer>((resolve) =>
          waiting.push(() =>
            resolve({
              content: JSON.stringify({ results: request.ruleIds.map((id) => ({ id, reason: 'polite', pass: true, score: 1 })) }),
              record: { request: 'sha256:test', cached: false, latencyMs: 0 },
            }),
          ),
        ),
    };
    const service = createVerifyService({ ruleSet, judge });
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
    const buffered = async () => ((await (await fetch(`${base}/healthz`)).json()) as { buffered: { bytes: number } }).buffered.bytes;
    try {
      const bodies = [JSON.stringify(rollout('a'.repeat(10_000))), JSON.stringify(rollout('b'.repeat(20_000)))];
      const answers = bodies.map((body) => fetch(`${base}/verify`, { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
      await expect.poll(() => waiting.length).toBe(2);
      // each body counts at its weight (its bytes, or more for JSON that parses large: json-weight.ts)
      const weight = (body: string) => {
        const w = new JsonWeight();
        w.add(Buffer.from(body));
        return w.weight;
      };
      const held = await buffered();
      // release the judge before asserting, so a failure here does not leave the requests waiting
      waiting.shift()!();
      waiting.shift()!();
      expect(held).toBe(weight(bodies[0]!) + weight(bodies[1]!));
      expect(held).toBeGreaterThanOrEqual(Buffer.byteLength(bodies[0]!) + Buffer.byteLength(bodies[1]!));
      expect(await Promise.all(answers.map(async (a) => ((await (await a).json()) as { reward: number }).reward))).toEqual([1, 1]);
      await expect.poll(buffered).toBe(0);
    } finally {
      await service.drain();
    }
  });

  it("/verify's userfn names failures and judge verdicts as a userfn verify line does; the decision log leaves out a judge error under skip and says incomplete", async () => {
    const entries: DecisionEntry[] = [];
    const s = await serve('skip', (e) => entries.push(e));
    try {
      const served = (await s.post('garbage')).body.userfn!;
      // the same rollout through userfn verify's line writer (sessions format: failures, warnings, judged)
      let text = '';
      const out = new Writable({
        write(chunk: Buffer, _e, cb) {
          text += chunk.toString();
          cb();
        },
      });
      const judge = createJudgeClient({ baseURL: endpoint.url, model: 'm', retries: 0 });
      const { nemoGymToContext } = await import('../../rules/nemo-gym.js');
      await verifyStream(
        ruleSet,
        (async function* () {
          yield `${JSON.stringify(nemoGymToContext(rollout('garbage')))}\n`;
        })(),
        out,
        { judge, judgeError: 'skip' },
      );
      const line = JSON.parse(text) as Record<string, unknown>;
      const withoutLatency = (x: unknown) => JSON.parse(JSON.stringify(x).replace(/"latency_ms":[\d.]+/g, '"latency_ms":0'));
      for (const key of ['failures', 'warnings', 'judged', 'incomplete', 'rule_set'])
        expect([key, withoutLatency(served[key])]).toEqual([key, withoutLatency(line[key])]);
      expect(served['judged']).toMatchObject([{ rule: 'polite', verdict: 'error', calls: [{ latency_ms: expect.any(Number) }] }]);
      expect(entries).toEqual([expect.objectContaining({ passed: true, failed: [], incomplete: true })]);
    } finally {
      await s.close();
    }
  });
});
