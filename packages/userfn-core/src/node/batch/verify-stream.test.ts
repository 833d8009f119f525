import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { loadRuleSet } from '../../rules/load.js';
import { nemoGymToContext } from '../../rules/nemo-gym.js';
import { verify } from '../../rules/verify.js';
import { WorkerPool } from './pool.js';
import type { BatchTimeline } from './timeline.js';
import { verifyStream, type BatchRunOptions } from './verify-stream.js';

const ruleSet = loadRuleSet({
  rules: [
    { id: 'has-output', condition: "get('$.output') != null", message: 'No output.' },
    { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8", message: 'Confidence below 0.8', weight: 2 },
    { id: 'no-delete', condition: "not called('delete_account')", message: 'delete_account must not run', severity: 'warning' },
  ],
});

async function* from(text: string) {
  yield text;
}

/** Runs verifyStream on a text and returns the output text and the summary. */
async function run(input: string, options: BatchRunOptions = {}) {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _e, cb) {
      out += chunk.toString();
      cb();
    },
  });
  const summary = await verifyStream(ruleSet, from(input), sink, { now: '2026-11-21T12:00:00Z', ...options });
  return { out, summary };
}

describe('verifyStream (sessions)', () => {
  it('writes one line per input line, in order, in exactly the documented shapes', async () => {
    const input = [
      '{"session":{"key":"ses_1"},"output":{"confidence":0.9},"tool_calls":[]}',
      '{"output":{"confidence":0.42},"tool_calls":[{"name":"delete_account"}]}',
      '',
      '{"not json',
      '[1,2]',
      '   ',
      '42',
      '{"session":{"key":7},"output":{"confidence":"high"}}',
      '{"session":{"key":null}}',
    ].join('\n');
    const { out, summary } = await run(`${input}\n`);
    expect(out.split('\n')).toHaveLength(10);
    const lines = out.trimEnd().split('\n');
    // Every line names the rule set that scored it.
    const version = JSON.stringify(ruleSetVersion(ruleSet));
    expect(version).toMatch(/^\{"name":null,"hash":"sha256:[0-9a-f]{16}"\}$/);
    expect(lines[0]).toBe(`{"line":1,"id":"ses_1","passed":true,"score":1,"failures":[],"warnings":[],"rule_set":${version}}`);
    expect(JSON.parse(lines[1]!)).toEqual({
      line: 2,
      id: 2,
      passed: false,
      score: 0.25,
      failures: [
        {
          rule: 'confident',
          message: 'Confidence below 0.8',
          explanation: "get('$.output.confidence', 0) >= 0.8 was false: get('$.output.confidence', 0) = 0.42",
        },
      ],
      warnings: [{ rule: 'no-delete', message: 'delete_account must not run', explanation: "called('delete_account') was true" }],
      rule_set: ruleSetVersion(ruleSet),
    });
    expect(JSON.parse(lines[2]!)).toEqual({ line: 3, error: { kind: 'input', message: 'blank line' } });
    expect(JSON.parse(lines[3]!)).toMatchObject({ line: 4, error: { kind: 'input', message: expect.stringMatching(/^invalid JSON: /) } });
    expect(JSON.parse(lines[4]!)).toEqual({ line: 5, error: { kind: 'input', message: 'expected a JSON object, got a list' } });
    expect(JSON.parse(lines[5]!)).toEqual({ line: 6, error: { kind: 'input', message: 'blank line' } });
    expect(JSON.parse(lines[6]!)).toEqual({ line: 7, error: { kind: 'input', message: 'expected a JSON object, got a number' } });
    // A runtime error does not hold, and its explanation carries the position in the condition.
    const errored = JSON.parse(lines[7]!) as { id: unknown; failures: { rule: string; explanation: string }[] };
    expect(errored.id).toBe(7);
    expect(errored.failures).toEqual([{ rule: 'confident', message: 'Confidence below 0.8', explanation: expect.stringMatching(/^error at 1:\d+: /) }]);
    expect(JSON.parse(lines[8]!)).toMatchObject({ line: 9, id: 9, passed: false });
    expect(Object.keys(JSON.parse(lines[0]!))).toEqual(['line', 'id', 'passed', 'score', 'failures', 'warnings', 'rule_set']);

    expect(summary).toEqual({
      records: 9,
      passed: 1,
      failed: 3,
      inputErrors: 5,
      meanScore: (1 + 0.25 + 0.5 + 0.25) / 4,
      failuresByRule: [
        { rule: 'confident', count: 3 },
        { rule: 'has-output', count: 1 },
        { rule: 'no-delete', count: 1 },
      ],
      // scores 1, 0.25, 0.5, 0.25
      scoreHistogram: [0, 0, 2, 0, 0, 1, 0, 0, 0, 1],
      zeros: 0,
      ones: 1,
    });
  });

  it('writes the same bytes whatever the chunk size', async () => {
    const input = Array.from({ length: 200 }, (_, i) => (i % 13 === 0 ? 'oops' : JSON.stringify({ output: { confidence: (i % 10) / 10 } }))).join('\n');
    const big = await run(input);
    const small = await run(input, { chunkLimits: { maxLines: 3, maxBytes: 100 } });
    expect(small.out).toBe(big.out);
    expect(small.summary).toEqual(big.summary);
  });

  describe('on worker threads (the built worker entry)', () => {
    const workerUrl = new URL('../../../dist/node/batch/worker.js', import.meta.url);
    const input = Array.from({ length: 600 }, (_, i) =>
      i % 17 === 0
        ? ''
        : i % 41 === 0
          ? '{"not json'
          : JSON.stringify({ session: { key: `s${i}` }, output: { confidence: (i % 10) / 10 }, tool_calls: i % 5 ? [] : [{ name: 'delete_account' }] }),
    ).join('\n');
    const limits = { maxLines: 7, maxBytes: 1e6 };

    it('writes the same bytes and summary on 1, 2, 3 and 4 threads, in input order', async () => {
      const one = await run(input, { chunkLimits: limits });
      expect(one.out.split('\n')).toHaveLength(601);
      for (const workers of [2, 3, 4]) {
        const many = await run(input, { chunkLimits: limits, workers, workerUrl });
        expect(many.out).toBe(one.out);
        expect(many.summary).toEqual(one.summary);
      }
    });

    it('writes the same bytes and summary when every chunk goes to a worker', async () => {
      const one = await run(input, { chunkLimits: limits });
      const two = await run(input, { chunkLimits: limits, workers: 2, workerUrl, shareWork: false });
      expect(two.out).toBe(one.out);
      expect(two.summary).toEqual(one.summary);
    });

    it('uses workers started before the rule set was known, and closes them', async () => {
      const one = await run(input, { chunkLimits: limits });
      const pool = new WorkerPool(2, workerUrl);
      const close = vi.spyOn(pool, 'close');
      await new Promise((r) => setTimeout(r, 50)); // the workers wait for the rule set
      const three = await run(input, { chunkLimits: limits, workers: 3, pool, shareWork: false });
      expect(three.out).toBe(one.out);
      expect(close).toHaveBeenCalled();
    });

    it('closes started workers when the run cannot start', async () => {
      const pool = new WorkerPool(1, workerUrl);
      const close = vi.spyOn(pool, 'close');
      const hosted = loadRuleSet({ rules: [{ id: 'a', condition: "get('$.x') == 1" }] }, { contextSchema: { type: 'object' } });
      await expect(verifyStream(hosted, from(input), new Writable({ write: (_c, _e, cb) => cb() }), { workers: 2, pool })).rejects.toThrow(RangeError);
      expect(close).toHaveBeenCalled();
      const wrongSize = new WorkerPool(2, workerUrl);
      await expect(run(input, { workers: 2, pool: wrongSize })).rejects.toThrow(/2 threads take 1 worker threads, not 2/);
    });

    it('reports what each thread did: every chunk counted once', async () => {
      let timeline: BatchTimeline | undefined;
      await run(input, { chunkLimits: limits, workers: 3, workerUrl, onTimeline: (t) => (timeline = t) });
      expect(timeline!.threads.map((t) => t.thread)).toEqual([0, 1, 2]);
      expect(timeline!.threads.reduce((n, t) => n + t.chunks, 0)).toBe(Math.ceil(600 / 7));
      expect(timeline!.threads[0]!.readyAt).toBeLessThanOrEqual(timeline!.doneAt);
      for (const t of timeline!.threads.filter((t) => t.chunks > 0 && t.thread > 0)) expect(t.readyAt).toBeGreaterThanOrEqual(t.loadedAt!);
    });

    it('fails the run when a worker cannot start', async () => {
      await expect(run(input, { chunkLimits: limits, workers: 2, workerUrl: new URL('./no-such-worker.js', workerUrl), shareWork: false })).rejects.toThrow();
    });

    it('fails the run, naming the fault, when a worker fails on a chunk or dies', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'userfn-worker-'));
      const fake = (name: string, onChunk: string) => {
        const path = join(dir, name);
        writeFileSync(
          path,
          `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (m) => { if ('init' in m) parentPort.postMessage({ ready: true, loadedAt: 0, readyAt: 0 }); else { ${onChunk} } });`,
        );
        return pathToFileURL(path);
      };
      const options = { chunkLimits: limits, workers: 2, shareWork: false } as const;
      await expect(run(input, { ...options, workerUrl: fake('throws.mjs', "throw new Error('boom in a worker');") })).rejects.toThrow(/boom in a worker/);
      await expect(run(input, { ...options, workerUrl: fake('exits.mjs', 'process.exit(3);') })).rejects.toThrow(/stopped unexpectedly \(exit code 3\)/);
      await expect(run(input, { ...options, workerUrl: fake('replies.mjs', "parentPort.postMessage({ seq: m.seq, error: 'no luck' });") })).rejects.toThrow(
        /a verify worker failed: no luck/,
      );
    });

    it('refuses a rule set that needs the host (its schema or functions) on worker threads', async () => {
      const hosted = loadRuleSet({ rules: [{ id: 'a', condition: "get('$.x') == 1" }] }, { contextSchema: { type: 'object' } });
      await expect(verifyStream(hosted, from(input), new Writable({ write: (_c, _e, cb) => cb() }), { workers: 2, workerUrl })).rejects.toThrow(RangeError);
    });
  });

  it('gives an empty input no output and an empty summary', async () => {
    expect(await run('')).toEqual({
      out: '',
      summary: {
        records: 0,
        passed: 0,
        failed: 0,
        inputErrors: 0,
        meanScore: null,
        failuresByRule: [],
        scoreHistogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        zeros: 0,
        ones: 0,
      },
    });
  });

  it('stops reading while the output is blocked, and resumes when it drains (backpressure)', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield '{"output":{"confidence":1}}\n';
      }
    }
    const held: (() => void)[] = [];
    let written = 0;
    const sink = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _e, cb) {
        written += chunk.toString().split('\n').length - 1;
        held.push(cb);
      },
    });
    const done = verifyStream(ruleSet, source(), sink, { chunkLimits: { maxLines: 10, maxBytes: 1e6 } });
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
    };
    await ticks(50);
    expect(held.length).toBe(1);
    // The first chunk is written; the next is verified while the output drains, and reading stops there.
    expect(pulled).toBeLessThanOrEqual(21);
    while (written < 1000) {
      held.shift()?.();
      await ticks(2);
    }
    held.shift()?.();
    expect((await done).records).toBe(1000);
  });
});

describe('verifyStream (nemo-gym)', () => {
  const rollout = (text: string, extra = '') =>
    `{"responses_create_params":{"input":[]},"response":{"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":${JSON.stringify(text)}}]}],"reward":1.0}${extra}}`;

  it('writes each rollout back unchanged except for a top-level reward set to the score and userfn naming the rule set', async () => {
    const input = [
      rollout('{"confidence": 0.9}'),
      rollout('{"confidence": 0.5}', ',"reward":1.0,"_ng_task_index":3'),
      '{"response":{}}',
      'nope',
      rollout('{"confidence": 0.9}', ',"userfn":{"old":true}'),
    ].join('\n');
    const { out, summary } = await run(input, { format: 'nemo-gym' });
    const lines = out.trimEnd().split('\n');
    const trace = `"userfn":{"rule_set":${JSON.stringify(ruleSetVersion(ruleSet))}}`;
    expect(lines[0]).toBe(rollout('{"confidence": 0.9}', `,"reward":1,${trace}`));
    expect(lines[1]).toBe(rollout('{"confidence": 0.5}', `,"reward":0.5,"_ng_task_index":3,${trace}`));
    // an existing userfn key is replaced where it stands
    expect(lines[4]).toBe(rollout('{"confidence": 0.9}', `,${trace},"reward":1`));
    expect(JSON.parse(lines[2]!)).toEqual({ line: 3, error: { kind: 'input', message: 'not a NeMo Gym rollout: response.output must be a list' } });
    expect(JSON.parse(lines[3]!)).toMatchObject({ line: 4, error: { kind: 'input' } });
    expect(summary).toMatchObject({ records: 5, passed: 2, failed: 1, inputErrors: 2 });
  });
  it('keeps CRLF line ends and drops a BOM at the start of the input; a BOM elsewhere is an input error', async () => {
    const a = rollout('{"confidence": 0.9}');
    const input = `\uFEFF${a}\r\n${a}\r\n\uFEFF${a}\n${a}`;
    const { out } = await run(input, { format: 'nemo-gym' });
    const lines = out.split('\n');
    const trace = `"userfn":{"rule_set":${JSON.stringify(ruleSetVersion(ruleSet))}}`;
    expect(lines[0]).toBe(`${rollout('{"confidence": 0.9}', `,"reward":1,${trace}`)}\r`);
    expect(lines[1]).toBe(`${rollout('{"confidence": 0.9}', `,"reward":1,${trace}`)}\r`);
    expect(JSON.parse(lines[2]!)).toMatchObject({ line: 3, error: { kind: 'input' } });
    // a last line without a newline gets one
    expect(lines[3]).toBe(rollout('{"confidence": 0.9}', `,"reward":1,${trace}`));
    expect(lines[4]).toBe('');
    expect(lines).toHaveLength(5);
  });

  it('reads a file of a BOM alone as an empty one (no lines), and a BOM then a newline as one blank line', async () => {
    for (const format of ['sessions', 'nemo-gym'] as const) {
      expect((await run('\uFEFF', { format })).out).toBe('');
      expect((await run('\uFEFF', { format })).out).toBe((await run('', { format })).out);
      const blank = await run('\uFEFF\n', { format });
      expect(JSON.parse(blank.out)).toMatchObject({ line: 1, error: { kind: 'input', message: 'blank line' } });
    }
  });

  it('sets every occurrence of a duplicated top-level reward key', async () => {
    const { out } = await run(rollout('{"confidence": 0.5}', ',"reward":0.0,"reward":1.0'), { format: 'nemo-gym' });
    const trace = `"userfn":{"rule_set":${JSON.stringify(ruleSetVersion(ruleSet))}}`;
    expect(out).toBe(`${rollout('{"confidence": 0.5}', `,"reward":0.5,"reward":0.5,${trace}`)}\n`);
  });

  it('scores a rollout whose output is a list of turns, and gives a mixed list its own input error line', async () => {
    const turn = '{"type":"message","role":"assistant","id":"m1","content":[{"type":"output_text","text":"{\\"confidence\\": 0.95}"}]}';
    const turns = `{"response":{"output":[[${turn}],[${turn}]]}}`;
    const mixed = `{"response":{"output":[[${turn}],${turn}]}}`;
    const { out, summary } = await run(`${turns}\n${mixed}\n`, { format: 'nemo-gym' });
    const lines = out.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!).reward).toBe(1);
    expect(JSON.parse(lines[1]!)).toMatchObject({ line: 2, error: { kind: 'input', message: expect.stringContaining('mixes turns and items') } });
    expect(summary).toMatchObject({ records: 2, passed: 1, inputErrors: 1 });
  });
  it('writes the real-shaped fixtures back byte for byte but for the reward, and the malformed one as an input error', async () => {
    const dir = join(import.meta.dirname, '../../rules/nemo-gym-fixtures');
    const names = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
    const lines = names.map((f) => readFileSync(join(dir, f), 'utf8').trimEnd());
    const { out, summary } = await run(`${lines.join('\r\n')}\r\n`, { format: 'nemo-gym' });
    const written = out.split('\r\n').slice(0, -1);
    expect(written).toHaveLength(lines.length);
    for (const [i, line] of lines.entries()) {
      const rollout = JSON.parse(line) as { reward?: number };
      if (names[i] === 'mixed-turns.jsonl') {
        expect(JSON.parse(written[i]!)).toMatchObject({ line: i + 1, error: { kind: 'input' } });
        continue;
      }
      const reward = String(verify(ruleSet, nemoGymToContext(rollout), { now: '2026-11-21T12:00:00Z' }).score);
      const trace = `"userfn":{"rule_set":${JSON.stringify(ruleSetVersion(ruleSet))}}`;
      const rewarded = 'reward' in rollout ? line.replace(/"reward": [0-9.]+/, `"reward": ${reward}`) : `${line.slice(0, -1)},"reward":${reward}}`;
      const expected = `${rewarded.slice(0, -1)},${trace}}`;
      expect([names[i], written[i]]).toEqual([names[i], expected]);
    }
    expect(summary).toMatchObject({ records: lines.length, inputErrors: 1 });
  });
});
