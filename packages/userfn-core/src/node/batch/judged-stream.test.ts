import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askedIds, completion, startJudgeEndpoint, verdicts, type JudgeEndpoint } from '../../../test/support/judge-endpoint.js';
import { JudgeAbortError } from '../../rules/judge-request.js';
import { loadRuleSet } from '../../rules/load.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { createJudgeClient } from '../judge/client.js';
import { formatSummary } from './stats.js';
import { verifyStream, type BatchProgress } from './verify-stream.js';

const ruleSet = loadRuleSet({
  rules: [
    { id: 'answered', condition: "get('$.output.text') != null" },
    { id: 'on-task', judge: { prompt: 'The reply is about the task.', include: ['task', 'output'] }, weight: 2 },
  ],
});

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  return {
    stream: new Writable({
      write(chunk: Buffer, _e, cb) {
        text += chunk.toString();
        cb();
      },
    }),
    text: () => text,
  };
}

const rollout = (task: string, reply: string, reward?: number) =>
  JSON.stringify({
    responses_create_params: { input: [{ role: 'user', content: task }] },
    response: { output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: reply }] }] },
    ...(reward !== undefined ? { reward } : {}),
  });

let endpoint: JudgeEndpoint;
beforeAll(async () => {
  // on-task when the reply mentions the task's first word; answers arrive in reverse order of asking
  endpoint = await startJudgeEndpoint((r, i) => ({
    ...verdicts(() => {
      const data = r.body.messages[1]!.content;
      return { pass: /"content": "(\w+)[^"]*"[\s\S]*"text": "\1/.test(data) };
    })(r, i),
    delayMs: 40 - (i % 4) * 10,
  }));
});
afterAll(() => endpoint.close());

describe('verifyStream with judge rules', () => {
  it('writes NeMo Gym rollouts back with the reward the judge shaped, in input order, with input errors as lines of their own', async () => {
    const judge = createJudgeClient({ baseURL: endpoint.url, model: 'judge-test', retries: 0, concurrency: 4 });
    const lines = [
      rollout('Refund please', 'Refund issued.', 0.5),
      rollout('Cancel my order', 'Here is a poem.'),
      '{"response": {}}',
      rollout('Track parcel', 'Track it here.'),
    ];
    const out = sink();
    const progress: BatchProgress[] = [];
    const summary = await verifyStream(
      ruleSet,
      (async function* () {
        yield `${lines.join('\n')}\n`;
      })(),
      out.stream,
      { format: 'nemo-gym', judge, judgeWindow: 2, onProgress: (p) => progress.push(p) },
    );
    const written = out.text().trim().split('\n');
    expect(written).toHaveLength(4);
    expect(JSON.parse(written[0]!).reward).toBe(1);
    expect(JSON.parse(written[1]!).reward).toBe(1 / 3);
    expect(JSON.parse(written[2]!)).toMatchObject({ line: 3, error: { kind: 'input' } });
    expect(JSON.parse(written[3]!).reward).toBe(1);
    // every other byte of a rollout is kept: reward set and userfn naming the rule set, as without judges
    expect(written[1]).toBe(`${lines[1]!.slice(0, -1)},"reward":${1 / 3},"userfn":{"rule_set":${JSON.stringify(ruleSetVersion(ruleSet))}}}`);
    expect(JSON.parse(written[0]!).userfn).toEqual({ rule_set: ruleSetVersion(ruleSet) });
    expect(endpoint.requests.map(askedIds)).toEqual([['on-task'], ['on-task'], ['on-task']]);
    expect(summary).toMatchObject({ records: 4, passed: 2, failed: 1, inputErrors: 1, failuresByRule: [{ rule: 'on-task', count: 1 }] });
    // the judged run's totals carry the scores too: the mean and the histogram count the verified records
    expect(summary.meanScore).toBeCloseTo((1 + 1 / 3 + 1) / 3, 12);
    expect(summary.scoreHistogram).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 2]);
    expect([summary.zeros, summary.ones]).toEqual([0, 2]);
    expect(summary.judge).toMatchObject({ asks: 3, cacheHits: 0, errors: 0, incomplete: 0, promptTokens: 300, completionTokens: 60 });
    expect(formatSummary(summary)).toContain(
      'judge: 3 requests (3 sent, 0 cache hits), 0 failed calls, 0 judge errors (rules without a verdict), 0 incomplete records; tokens 360',
    );
    expect(progress.at(-1)).toMatchObject({ records: 4, judgeInFlight: 0 });
    expect(progress.every((p) => typeof p.judgeInFlight === 'number')).toBe(true);
  });

  it("with audit on, writes each rollout's judged entries in userfn, beside the rule set", async () => {
    const judge = createJudgeClient({ baseURL: endpoint.url, model: 'judge-test', retries: 0, audit: true });
    const out = sink();
    await verifyStream(
      ruleSet,
      (async function* () {
        yield `${rollout('Refund please', 'Refund issued.')}\n`;
      })(),
      out.stream,
      { format: 'nemo-gym', judge, judgeAudit: true },
    );
    const line = JSON.parse(out.text()) as {
      reward: number;
      userfn: { rule_set: unknown; judged: Array<{ rule: string; verdict: string; calls: Array<{ request: string; raw: string }> }> };
    };
    expect(line.reward).toBe(1);
    expect(Object.keys(line.userfn)).toEqual(['rule_set', 'judged']);
    expect(line.userfn.rule_set).toEqual(ruleSetVersion(ruleSet));
    expect(line.userfn.judged).toMatchObject([{ rule: 'on-task', verdict: 'pass', calls: [{ request: expect.stringMatching(/^sha256:/) }] }]);
    expect(JSON.parse(line.userfn.judged[0]!.calls[0]!.raw).results[0].id).toBe('on-task');
  });

  it('names the rule set on every session line, and marks a rollout whose judge gave no verdict incomplete in its userfn', async () => {
    const broken = await startJudgeEndpoint(() => completion('not json'));
    try {
      const judge = createJudgeClient({ baseURL: broken.url, model: 'm', retries: 0 });
      const version = ruleSetVersion(ruleSet);
      const sessions = sink();
      const summary = await verifyStream(
        ruleSet,
        (async function* () {
          yield `${JSON.stringify({ session: { key: 's1' }, output: { text: 'hi' } })}\n`;
        })(),
        sessions.stream,
        { judge },
      );
      // a reply that is not JSON is no failed call, but its rule has no verdict: the summary counts it
      expect(summary.judge).toMatchObject({ asks: 1, errors: 0, ruleErrors: 1, incomplete: 1 });
      expect(formatSummary(summary)).toContain('0 failed calls, 1 judge error (rules without a verdict), 1 incomplete record;');
      const line = JSON.parse(sessions.text()) as Record<string, unknown>;
      expect(line).toMatchObject({ id: 's1', incomplete: true, rule_set: version });
      expect(Object.keys(line).at(-1)).toBe('rule_set');
      const rollouts = sink();
      await verifyStream(
        ruleSet,
        (async function* () {
          yield `${rollout('Refund please', 'Refund issued.', 0.5)}\n`;
        })(),
        rollouts.stream,
        { format: 'nemo-gym', judge },
      );
      // under fail the judge's weight is lost: 1 of 3, and the trace says the reward is incomplete
      expect(JSON.parse(rollouts.text())).toMatchObject({ reward: 1 / 3, userfn: { rule_set: version, incomplete: true } });
    } finally {
      await broken.close();
    }
  });

  it('under abort, writes every line before the failed session (also those answered after the failure) and rejects with its line', async () => {
    const failing = await startJudgeEndpoint((r, i) =>
      r.body.messages[1]!.content.includes('broken') ? { ...completion('not json'), delayMs: 0 } : { ...verdicts(() => ({ pass: true }))(r, i), delayMs: 150 },
    );
    try {
      const judge = createJudgeClient({ baseURL: failing.url, model: 'm', retries: 0 });
      const out = sink();
      const input = ['one', 'two', 'broken', 'four'].map((t) => JSON.stringify({ session: { key: t }, output: { text: t } })).join('\n');
      const run = verifyStream(
        ruleSet,
        (async function* () {
          yield `${input}\n`;
        })(),
        out.stream,
        { judge, judgeError: 'abort' },
      );
      const error = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(JudgeAbortError);
      expect((error as JudgeAbortError & { line: number }).line).toBe(3);
      expect(
        out
          .text()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).id),
      ).toEqual(['one', 'two']);
    } finally {
      await failing.close();
    }
  });
});
