import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { askedIds, completion, startJudgeEndpoint, verdicts, type JudgeEndpoint } from '../../../test/support/judge-endpoint.js';
import { loadRuleSet } from '../../rules/load.js';
import { JudgeAbortError } from '../../rules/judge-request.js';
import { verifyAsync } from '../../rules/verify.js';
import { DiskCache, MemoryCache } from './cache.js';
import { createJudgeClient, type JudgeClientOptions } from './client.js';

const KEY = 'sk-test-SECRET-4f9a2c';

const ruleSet = loadRuleSet({
  rules: [
    { id: 'has-output', condition: "get('$.output.text') != null", weight: 1 },
    { id: 'polite', judge: { prompt: 'The reply is polite.' }, weight: 1 },
    {
      id: 'answers',
      judge: { prompt: 'The reply answers the task.', include: ['task', 'output'], threshold: 0.7 },
      weight: 2,
      message: 'The reply does not answer the task.',
    },
    { id: 'refund-tone', when: "called('refund')", judge: { prompt: 'The refund is explained.' }, weight: 1 },
  ],
});
const session = { task: 'Where is my refund?', output: { text: 'It is on its way.' }, tool_calls: [] };

let endpoint: JudgeEndpoint;
beforeAll(async () => {
  endpoint = await startJudgeEndpoint(verdicts(() => ({ pass: true, score: 0.9 })));
});
afterAll(() => endpoint.close());
afterEach(() => {
  endpoint.requests.length = 0;
  endpoint.script = verdicts(() => ({ pass: true, score: 0.9 }));
});

const client = (extra: Partial<JudgeClientOptions> = {}) =>
  createJudgeClient({ baseURL: endpoint.url, model: 'judge-test', apiKey: KEY, retries: 0, ...extra });

describe('the judge client against a Chat Completions endpoint', () => {
  it('asks once per session for every judge rule whose when holds, with temperature 0, a json_schema reply format and the key', async () => {
    const judge = client();
    const v = await verifyAsync(ruleSet, session, { judge });
    expect(endpoint.requests).toHaveLength(1);
    const [req] = endpoint.requests;
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.body.model).toBe('judge-test');
    expect(req!.body.temperature).toBe(0);
    expect(req!.body.response_format?.type).toBe('json_schema');
    expect(req!.body.response_format?.json_schema?.strict).toBe(true);
    // refund-tone's when (called('refund')) does not hold: not asked, and it counts as held
    expect(askedIds(req!)).toEqual(['polite', 'answers']);
    expect(v.results.map((r) => [r.id, r.passed, r.judge?.verdict])).toEqual([
      ['has-output', true, undefined],
      ['polite', true, 'pass'],
      ['answers', true, 'pass'],
      ['refund-tone', true, 'skipped'],
    ]);
    expect(v.score).toBe(1);
    expect(v.incomplete).toBeUndefined();
    const record = v.results[1]!.judge!.calls![0]!;
    expect(record.request).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(record).toMatchObject({ cached: false, tokens: { prompt: 100, completion: 20 }, attempts: 1 });
    expect(record.raw).toBeUndefined();
    expect(judge.stats).toMatchObject({ asks: 1, cacheHits: 0, errors: 0, promptTokens: 100, completionTokens: 20 });
  });

  it('maps verdicts and the threshold to results and the weighted score, with the reason as the explanation', async () => {
    endpoint.script = verdicts((id) =>
      id === 'polite' ? { pass: false, score: 0.2, reason: 'The reply is curt.' } : { pass: true, score: 0.6, reason: 'Mostly.' },
    );
    const v = await verifyAsync(ruleSet, { ...session, tool_calls: [{ name: 'refund' }] }, { judge: client() });
    expect(askedIds(endpoint.requests[0]!)).toEqual(['polite', 'answers', 'refund-tone']);
    const byId = Object.fromEntries(v.results.map((r) => [r.id, r]));
    expect(byId['polite']).toMatchObject({ passed: false, explanation: 'judge: The reply is curt.', judge: { verdict: 'fail', score: 0.2 } });
    // pass: true but 0.6 < threshold 0.7
    expect(byId['answers']).toMatchObject({ passed: false, message: 'The reply does not answer the task.', judge: { verdict: 'fail', score: 0.6 } });
    expect(byId['refund-tone']).toMatchObject({ passed: true, judge: { verdict: 'pass' } });
    expect(v.passed).toBe(false);
    expect(v.score).toBe(2 / 5);
  });

  it('retries a 429 after its retry-after and then succeeds', async () => {
    endpoint.script = (r, i) =>
      i === 0 ? { status: 429, headers: { 'retry-after': '0.05' }, json: { error: { message: 'slow down' } } } : verdicts(() => ({ pass: true }))(r, i);
    const v = await verifyAsync(ruleSet, session, { judge: client({ retries: 2 }) });
    expect(endpoint.requests).toHaveLength(2);
    expect(v.results[1]!.judge).toMatchObject({ verdict: 'pass', calls: [{ attempts: 2 }] });
    expect(v.incomplete).toBeUndefined();
  });

  it('retries 5xx and gives up after its retries: an error, never a pass or a fail', async () => {
    endpoint.script = () => ({ status: 503, headers: { 'retry-after-ms': '5' }, json: { error: { message: 'overloaded' } } });
    const v = await verifyAsync(ruleSet, session, { judge: client({ retries: 2 }) });
    expect(endpoint.requests).toHaveLength(3);
    expect(v.results[1]).toMatchObject({ passed: false, judge: { verdict: 'error', error: expect.stringContaining('HTTP 503') } });
    expect(v.results[1]!.explanation).toMatch(/^judge error: the judge endpoint answered HTTP 503/);
    expect(v.incomplete).toBe(true);
  });

  it('times out a call that does not answer, and applies the judge-error policy', async () => {
    endpoint.script = () => ({ hang: true });
    const judge = client({ timeoutMs: 150 });
    const failed = await verifyAsync(ruleSet, session, { judge });
    expect(failed.results[1]!.judge).toMatchObject({ verdict: 'error', error: 'the judge endpoint did not answer within 150 ms' });
    // fail (the default): the judges' weight (1 + 2) is not held; has-output (1) and the skipped refund-tone (1) are
    expect(failed).toMatchObject({ passed: false, score: 2 / 5, incomplete: true });
    const skipped = await verifyAsync(ruleSet, session, { judge, judgeError: 'skip' });
    // skip: the errored rules leave the verdict and the score
    expect(skipped).toMatchObject({ passed: true, score: 1, incomplete: true });
    await expect(verifyAsync(ruleSet, session, { judge, judgeError: 'abort' })).rejects.toThrow(JudgeAbortError);
  });

  it('makes a reply that is not JSON an error of every rule asked', async () => {
    endpoint.script = () => completion('Sure! Both rules pass.');
    const v = await verifyAsync(ruleSet, session, { judge: client() });
    for (const r of v.results.slice(1, 3))
      expect(r.judge).toMatchObject({ verdict: 'error', error: expect.stringMatching(/^the judge's reply is not JSON: "Sure!/) });
  });

  it('makes a rule missing from the reply an error, keeps the others, and ignores ids that were not asked', async () => {
    endpoint.script = () =>
      completion({
        results: [
          { id: 'polite', reason: 'ok', pass: true, score: 1 },
          { id: 'refund-tone', reason: 'forged', pass: true, score: 1 },
        ],
      });
    const v = await verifyAsync(ruleSet, session, { judge: client() });
    expect(v.results[1]!.judge).toMatchObject({ verdict: 'pass', calls: [{ ignored: ['refund-tone'] }] });
    expect(v.results[2]!.judge).toMatchObject({ verdict: 'error', error: "the judge's reply has no verdict for this rule" });
    // the unasked rule keeps its own outcome (skipped by its when), not the forged verdict
    expect(v.results[3]!.judge).toEqual({ verdict: 'skipped' });
  });

  it('answers a rerun from the disk cache without a request, and never caches an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'userfn-judge-cache-'));
    try {
      endpoint.script = (r, i) => (i === 0 ? completion('not json') : verdicts(() => ({ pass: true }))(r, i));
      const first = client({ cache: new DiskCache(dir) });
      expect((await verifyAsync(ruleSet, session, { judge: first })).incomplete).toBe(true);
      await verifyAsync(ruleSet, session, { judge: first });
      expect(endpoint.requests).toHaveLength(2);
      const rerun = client({ cache: new DiskCache(dir), audit: true });
      const v = await verifyAsync(ruleSet, session, { judge: rerun });
      expect(endpoint.requests).toHaveLength(2);
      expect(rerun.stats).toMatchObject({ asks: 1, cacheHits: 1 });
      expect(v.results[1]!.judge!.calls![0]).toMatchObject({ cached: true, latencyMs: 0, tokens: { prompt: 100, completion: 20 } });
      expect(JSON.parse(v.results[1]!.judge!.calls![0]!.raw!)).toHaveProperty('results');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keys the cache by the model too: another model asks again', async () => {
    const cache = new MemoryCache(10);
    await verifyAsync(ruleSet, session, { judge: client({ cache }) });
    await verifyAsync(ruleSet, session, { judge: client({ cache }) });
    expect(endpoint.requests).toHaveLength(1);
    await verifyAsync(ruleSet, session, { judge: client({ cache, model: 'other-judge' }) });
    expect(endpoint.requests).toHaveLength(2);
  });

  it('takes the majority of samples and reports the disagreement', async () => {
    const sampled = loadRuleSet({
      rules: [
        { id: 'correct', judge: { prompt: 'Correct?', samples: 3 } },
        { id: 'once', judge: { prompt: 'Once?' } },
      ],
    });
    // sample 1 (seed 1) disagrees
    endpoint.script = verdicts((_id, r) => ({ pass: r.body.seed !== 1, reason: `seed ${r.body.seed ?? 0}` }));
    const v = await verifyAsync(sampled, session, { judge: client() });
    expect(endpoint.requests.map((r) => [r.body.seed, askedIds(r)])).toEqual(
      expect.arrayContaining([
        [undefined, ['correct', 'once']],
        [1, ['correct']],
        [2, ['correct']],
      ]),
    );
    expect(v.results[0]!.judge).toMatchObject({ verdict: 'pass', reason: 'seed 0', votes: { pass: 2, fail: 1, error: 0 }, disagreement: true });
    expect(v.results[0]!.judge!.calls).toHaveLength(3);
    expect(v.results[1]!.judge!.votes).toBeUndefined();

    endpoint.script = verdicts((_id, r) => ({ pass: r.body.seed === 1 }));
    const w = await verifyAsync(sampled, session, { judge: client() });
    expect(w.results[0]).toMatchObject({
      passed: false,
      explanation: expect.stringMatching(/\(1 of 3 samples passed\)$/),
      judge: { verdict: 'fail', disagreement: true },
    });
  });

  it('sends no Authorization header without a key', async () => {
    await verifyAsync(ruleSet, session, { judge: createJudgeClient({ baseURL: endpoint.url, model: 'm', retries: 0 }) });
    expect(endpoint.requests[0]!.headers.authorization).toBeUndefined();
    expect(endpoint.requests[0]!.headers['x-userfn-judge-call']).toBeUndefined();
  });

  it('keeps at most the concurrency in flight', async () => {
    let inFlight = 0;
    let most = 0;
    endpoint.script = (r, i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => inFlight--, 30);
      return { ...verdicts(() => ({ pass: true }))(r, i), delayMs: 30 };
    };
    const judge = client({ concurrency: 3 });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => verifyAsync(ruleSet, { ...session, session: { key: `s${i}` }, output: { text: `reply ${i}` } }, { judge })),
    );
    expect(endpoint.requests).toHaveLength(10);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  });
});
