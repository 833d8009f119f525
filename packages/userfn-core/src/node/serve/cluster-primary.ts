import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { type FromWorker, type ToWorker, WORKER_ENV, type WorkersStatus } from './cluster-protocol.js';
import { onStopSignals } from './lifecycle.js';

export interface PrimaryOptions {
  readonly workers: number;
  readonly file: string;
  /** The rule set's text, already checked. */
  readonly text: string;
  /** Reads and checks the rule file again (SIGHUP): its text, or an error naming every problem. */
  readonly reread: () => { text: string; rules: number } | { error: string };
  readonly log: (line: string) => void;
  /** Called once, when every worker listens, with the port they share. */
  readonly started: (port: number) => void;
}

/** How long to wait before replacing a worker that died within a second of starting (a crash loop must not spin). */
const RESTART_BACKOFF_MS = 1000;

/**
 * The primary of `userfn serve --workers n`: forks n worker processes that
 * share one listening port (Node's cluster: the primary accepts connections
 * and hands them out in turn), sends them the rule set, replaces any that
 * dies, re-reads the rules on SIGHUP and sends them to every worker, and on
 * SIGTERM/SIGINT tells every worker to drain, resolving with 0 once all have
 * exited. Rejects with the first worker's listen error if none could start.
 */
export function runServePrimary(options: PrimaryOptions): Promise<number> {
  const { log } = options;
  let text = options.text;
  // Each reload is a generation; the primary logs it once every worker has acknowledged it.
  let generation = 0;
  let awaiting = new Set<number>();
  let restarts = 0;
  let stopping = false;
  let started = false;
  let failedExit = false;
  const listening = new Set<number>();
  const startedAt = new Map<number, number>();
  const status = (): WorkersStatus => ({ configured: options.workers, listening: listening.size, restarts });
  const send = (w: Worker, m: ToWorker) => {
    if (w.isConnected()) w.send(m);
  };
  const broadcast = (m: ToWorker) => {
    for (const w of Object.values(cluster.workers ?? {})) if (w) send(w, m);
  };

  return new Promise<number>((resolve, reject) => {
    const fork = () => {
      if (stopping) return;
      const w = cluster.fork({ [WORKER_ENV]: '1' });
      startedAt.set(w.id, Date.now());
      w.on('message', (m: FromWorker) => {
        if (m.type === 'ready') send(w, stopping ? { type: 'drain', reason: 'stopping' } : { type: 'rules', text, file: options.file, generation });
        else if (m.type === 'rules-failed') log(`worker ${w.id} could not load the rule set: ${m.message}`);
        else if (m.type === 'rules-loaded' && m.generation === generation && awaiting.delete(w.id) && awaiting.size === 0 && generation > 0) {
          log(`reloaded ${options.file} (${m.rules} rules): every worker serves it`);
        } else if (m.type === 'listen-failed' && !started) {
          stopping = true;
          for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
          cleanup();
          reject(new Error(m.message));
        }
      });
    };
    const onListening = (w: Worker, address: AddressInfo) => {
      listening.add(w.id);
      if (!started && listening.size === options.workers) {
        started = true;
        options.started(address.port);
      } else if (started) log(`worker ${w.id} (pid ${w.process.pid}) listening`);
      broadcast({ type: 'status', workers: status() });
    };
    const onExit = (w: Worker, code: number | null, signal: string | null) => {
      listening.delete(w.id);
      const lived = Date.now() - (startedAt.get(w.id) ?? 0);
      startedAt.delete(w.id);
      if (stopping) {
        if (code !== 0) failedExit = true;
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          cleanup();
          log(`all workers stopped`);
          resolve(failedExit ? 1 : 0);
        }
        return;
      }
      restarts++;
      log(`worker ${w.id} (pid ${w.process.pid}) exited (${signal ? `signal ${signal}` : `exit code ${code}`}); starting a new one`);
      broadcast({ type: 'status', workers: status() });
      setTimeout(fork, lived < RESTART_BACKOFF_MS ? RESTART_BACKOFF_MS : 0);
    };
    const onHup = () => {
      // Log rotation first: each worker reopens its decision log whatever the rules do.
      broadcast({ type: 'reopen' });
      const next = options.reread();
      if ('error' in next) return log(`reload of ${options.file} failed; still serving the previous rule set:\n${next.error}`);
      text = next.text;
      generation++;
      awaiting = new Set(Object.values(cluster.workers ?? {}).flatMap((w) => (w?.isConnected() ? [w.id] : [])));
      log(`reloading ${options.file} (${next.rules} rules) in ${awaiting.size} workers`);
      broadcast({ type: 'rules', text, file: options.file, generation });
    };
    const offSignals = onStopSignals(
      (signal) => {
        stopping = true;
        log(`${signal}: draining ${listening.size} workers`);
        broadcast({ type: 'drain', reason: signal });
      },
      (signal) => {
        log(`${signal} again: stopping now`);
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
        process.exit(1);
      },
    );
    const cleanup = () => {
      offSignals();
      process.off('SIGHUP', onHup);
      cluster.off('listening', onListening);
      cluster.off('exit', onExit);
    };
    cluster.on('listening', onListening);
    cluster.on('exit', onExit);
    process.on('SIGHUP', onHup);
    for (let i = 0; i < options.workers; i++) fork();
  });
}
