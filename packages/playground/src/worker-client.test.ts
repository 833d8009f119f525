import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeLimitError, WorkerClient, WorkerRestartedError, type WorkerLike } from './worker-client.js';
import { TIMED_METHODS, type Reply, type Request } from './worker/protocol.js';

/** A worker that records requests; the test answers them. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<Reply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: Request[] = [];
  terminated = false;
  postMessage(message: Request): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(data: Reply): void {
    this.onmessage?.({ data } as MessageEvent<Reply>);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const restarts: string[] = [];
  const client = new WorkerClient({
    create: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    timeLimitMs: 2000,
    timed: TIMED_METHODS,
    onRestart: (reason) => restarts.push(reason),
  });
  return { client, workers, restarts };
}

describe('WorkerClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('matches replies to requests by id', async () => {
    const { client, workers } = setup();
    const a = client.request('validate', { doc: { uri: 'a', languageId: 'userfn', version: 1, text: '1' } });
    const b = client.request('validate', { doc: { uri: 'b', languageId: 'userfn', version: 1, text: '2' } });
    const [ra, rb] = workers[0]!.received;
    workers[0]!.reply({ id: rb!.id, result: ['b'] });
    workers[0]!.reply({ id: ra!.id, result: ['a'] });
    expect(await a).toEqual(['a']);
    expect(await b).toEqual(['b']);
  });

  it('passes a worker-side failure on as an error', async () => {
    const { client, workers } = setup();
    const p = client.request('init', {});
    workers[0]!.reply({ id: workers[0]!.received[0]!.id, error: 'TypeError: x' });
    await expect(p).rejects.toThrow('TypeError: x');
  });

  it('times an evaluation from the moment the worker starts it, not from when it was sent', async () => {
    const { client, workers } = setup();
    const p = client.request('evaluate', { expression: '1', profile: 'any', now: '' });
    const id = workers[0]!.received[0]!.id;
    vi.advanceTimersByTime(5000); // queued behind other work: no clock yet
    workers[0]!.reply({ id, started: true });
    vi.advanceTimersByTime(1999);
    workers[0]!.reply({ id, result: { status: 'ok' } });
    expect(await p).toEqual({ status: 'ok' });
    expect(workers).toHaveLength(1);
  });

  it('past the time limit: rejects, terminates, restarts with the same profile and context, and says so', async () => {
    const { client, workers, restarts } = setup();
    const lost = () => undefined; // these two lose their worker too
    client.request('configure', { profile: 'any', context: '{"big": true}' }).catch(lost);
    client.request('configure', { profile: 'reranker' }).catch(lost); // keeps the context
    const waiting = client.request('hover', { doc: { uri: 'a', languageId: 'userfn', version: 1, text: '1' }, position: { line: 0, character: 0 } });
    const p = client.request('evaluate', { expression: 'slow', profile: 'reranker', now: '' });
    const id = workers[0]!.received[3]!.id;
    workers[0]!.reply({ id, started: true });
    vi.advanceTimersByTime(2000);
    await expect(p).rejects.toBeInstanceOf(TimeLimitError);
    await expect(p).rejects.toThrow('the evaluation ran longer than 2 s: it was stopped and the worker restarted');
    await expect(waiting).rejects.toBeInstanceOf(WorkerRestartedError);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.received).toEqual([{ id: expect.any(Number), method: 'configure', params: { profile: 'reranker', context: '{"big": true}' } }]);
    expect(restarts).toEqual(['the evaluation ran longer than 2 s: it was stopped and the worker restarted']);
    expect(client.restarts).toBe(1);
    // the new worker answers as usual
    const q = client.request('init', {});
    workers[1]!.reply({ id: workers[1]!.received[1]!.id, result: 'ok' });
    expect(await q).toBe('ok');
  });

  it('restarts a worker that crashed', async () => {
    const { client, workers, restarts } = setup();
    const first = client.request('init', {});
    workers[0]!.reply({ id: workers[0]!.received[0]!.id, result: 'ok' });
    await first;
    const p = client.request('init', {});
    workers[0]!.onerror?.({ message: 'out of memory', preventDefault: () => undefined } as ErrorEvent);
    await expect(p).rejects.toBeInstanceOf(WorkerRestartedError);
    expect(workers).toHaveLength(2);
    expect(restarts[0]).toMatch(/out of memory/);
  });

  it('does not loop on a worker that cannot start: every request fails, saying so', async () => {
    const { client, workers, restarts } = setup();
    const p = client.request('init', {});
    workers[0]!.onerror?.({ message: 'failed to fetch the script', preventDefault: () => undefined } as ErrorEvent);
    await expect(p).rejects.toThrow('the playground worker could not start (failed to fetch the script)');
    await expect(client.request('init', {})).rejects.toThrow(/could not start/);
    expect(workers).toHaveLength(1);
    expect(restarts).toEqual([]);
  });

  it('does not time language requests', async () => {
    const { client, workers } = setup();
    const p = client.request('complete', { doc: { uri: 'a', languageId: 'userfn', version: 1, text: '' }, position: { line: 0, character: 0 } });
    const id = workers[0]!.received[0]!.id;
    workers[0]!.reply({ id, started: true });
    vi.advanceTimersByTime(10_000);
    workers[0]!.reply({ id, result: { isIncomplete: false, items: [] } });
    expect(await p).toEqual({ isIncomplete: false, items: [] });
  });
});
