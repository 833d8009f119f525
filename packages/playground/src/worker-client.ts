/**
 * The page's side of the playground worker: typed requests, and the time
 * limit. An evaluation that runs past the limit cannot be interrupted from
 * inside (the core has no loops to break, only big inputs), so the client
 * terminates the worker, starts a fresh one, gives it back the profile and
 * the context, and says so.
 */
import type { Method, Methods, Reply, Request } from './worker/protocol.js';

/** What the client needs of a Worker (tests pass a fake). */
export interface WorkerLike {
  postMessage(message: Request): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<Reply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** A request that lost its worker (the worker was restarted while it waited). */
export class WorkerRestartedError extends Error {
  override readonly name = 'WorkerRestartedError';
}

/** The evaluation that ran past the time limit. */
export class TimeLimitError extends Error {
  override readonly name = 'TimeLimitError';
  constructor(readonly limitMs: number) {
    super(`the evaluation ran longer than ${formatSeconds(limitMs)}: it was stopped and the worker restarted`);
  }
}

const formatSeconds = (ms: number): string => `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;

interface Pending {
  readonly method: Method;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
}

/** Options of the client. */
export interface WorkerClientOptions {
  /** Starts a worker (again after a restart). */
  readonly create: () => WorkerLike;
  /** How long one evaluation may run, from the moment the worker starts it. */
  readonly timeLimitMs: number;
  /** The methods under the time limit. */
  readonly timed: ReadonlySet<Method>;
  /** Told after every restart, with the reason. */
  readonly onRestart: (reason: string) => void;
}

/** Typed requests to the playground worker, with the time limit and restarts. */
export class WorkerClient {
  private worker: WorkerLike;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Replayed into a restarted worker, so it holds the same profile and context. */
  private configuration: Methods['configure']['params'] | undefined;
  /** How many times the worker was restarted. */
  restarts = 0;
  /** Whether the current worker ever answered: one that fails before that will not start at all. */
  private answered = false;
  /** Set when the worker cannot start (its script failed to load): every request fails with it. */
  private broken: Error | undefined;

  constructor(private readonly options: WorkerClientOptions) {
    this.worker = this.start();
  }

  /** Sends a request; rejects with TimeLimitError or WorkerRestartedError when the worker had to go. */
  request<M extends Method>(method: M, params: Methods[M]['params']): Promise<Methods[M]['result']> {
    if (method === 'configure') {
      const p = params as Methods['configure']['params'];
      // A configure without a context keeps the last one: remember the full picture for restarts.
      this.configuration = {
        profile: p.profile,
        ...(p.context !== undefined ? { context: p.context } : this.configuration?.context !== undefined ? { context: this.configuration.context } : {}),
      };
    }
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, method, params } as Request);
    });
  }

  /** Stops the worker for good (rejects what is pending). */
  dispose(): void {
    this.worker.terminate();
    this.failAll(new WorkerRestartedError('the playground was closed'));
  }

  private start(): WorkerLike {
    const worker = this.options.create();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      const what = event.message || 'no message';
      if (this.answered) {
        this.restart(`the worker failed (${what}) and was restarted`);
        return;
      }
      // Restarting a worker that cannot even load would only loop.
      worker.terminate();
      this.broken = new Error(`the playground worker could not start (${what})`);
      this.failAll(this.broken);
    };
    this.answered = false;
    return worker;
  }

  private receive(reply: Reply): void {
    this.answered = true;
    const p = this.pending.get(reply.id);
    if (!p) return;
    if ('started' in reply) {
      if (this.options.timed.has(p.method)) p.timer = setTimeout(() => this.timeOut(reply.id), this.options.timeLimitMs);
      return;
    }
    this.pending.delete(reply.id);
    if (p.timer !== undefined) clearTimeout(p.timer);
    if ('error' in reply) p.reject(new Error(reply.error));
    else p.resolve(reply.result);
  }

  private timeOut(id: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    const error = new TimeLimitError(this.options.timeLimitMs);
    p.reject(error);
    this.restart(error.message);
  }

  private restart(reason: string): void {
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.failAll(new WorkerRestartedError(reason));
    this.restarts++;
    this.worker = this.start();
    if (this.configuration) {
      // Nobody awaits this one: the restarted worker just needs the same state.
      const id = this.nextId++;
      this.pending.set(id, { method: 'configure', resolve: () => undefined, reject: () => undefined });
      this.worker.postMessage({ id, method: 'configure', params: this.configuration });
    }
    this.options.onRestart(reason);
  }

  private failAll(error: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) {
      if (p.timer !== undefined) clearTimeout(p.timer);
      p.reject(error);
    }
  }
}
