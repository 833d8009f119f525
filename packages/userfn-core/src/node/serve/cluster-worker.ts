import cluster from 'node:cluster';
import { loadRuleSet } from '../../rules/load.js';
import type { FromWorker, ToWorker, WorkersStatus } from './cluster-protocol.js';
import { drainService, onStopSignals } from './lifecycle.js';
import { createVerifyService, type VerifyService } from './server.js';
import type { DecisionLog } from './decision-log.js';
import type { JudgeBackend } from '../../rules/judge-request.js';
import type { JudgeErrorPolicy } from '../../rules/types.js';

export interface WorkerOptions {
  readonly port: number;
  readonly host: string;
  readonly bodyLimit: number;
  readonly maxBuffered: number;
  readonly drainMs: number;
  readonly log: (line: string) => void;
  /** The judge (a client of this process's own: its concurrency and cache are per worker) and the judge-error policy. */
  readonly judge?: JudgeBackend;
  readonly judgeError?: JudgeErrorPolicy;
  /** The decision log, opened by this worker on the shared path (appends whole lines); reopened when the primary says. */
  readonly decisions?: DecisionLog;
}

/**
 * One worker process of `userfn serve --workers`: serves the rule set the
 * primary sends (never reads the file itself, so all workers serve the same
 * version), swaps it when the primary sends another, and drains when told
 * or signalled. Resolves with the exit code once drained.
 */
export function runServeWorker(options: WorkerOptions): Promise<number> {
  const id = cluster.worker?.id ?? 0;
  const log = (line: string) => options.log(`worker ${id} (pid ${process.pid}): ${line}`);
  const tell = (m: FromWorker) => process.send?.(m);
  let service: VerifyService | undefined;
  let workers: WorkersStatus | undefined;
  let stopping = false;
  return new Promise<number>((resolve) => {
    const finish = (code: number) => {
      process.off('message', onMessage);
      process.off('SIGHUP', ignore);
      offSignals();
      // The decision log's last lines are on disk before the worker goes.
      void (options.decisions?.close() ?? Promise.resolve()).then(() => {
        cluster.worker?.disconnect();
        resolve(code);
      });
    };
    const stop = (reason: string) => {
      if (stopping) return;
      stopping = true;
      if (!service) return finish(0);
      void drainService(service, reason, options.drainMs, log).then(() => finish(0));
    };
    const onRules = (text: string, file: string, generation: number) => {
      let ruleSet: ReturnType<typeof loadRuleSet>;
      try {
        ruleSet = loadRuleSet(text, { fileName: file });
      } catch (e) {
        // The primary checked this text; a failure here is a fault, reported and not served.
        return tell({ type: 'rules-failed', message: (e as Error).message });
      }
      if (service) {
        service.setRuleSet(ruleSet);
        return tell({ type: 'rules-loaded', rules: ruleSet.rules.length, generation });
      }
      service = createVerifyService({
        ruleSet,
        bodyLimit: options.bodyLimit,
        maxBuffered: options.maxBuffered,
        log,
        health: () => ({ worker: { id, pid: process.pid }, ...(workers ? { workers } : {}) }),
        ...(options.judge ? { judge: options.judge } : {}),
        ...(options.judgeError ? { judgeError: options.judgeError } : {}),
        ...(options.decisions ? { decisions: options.decisions.write } : {}),
      });
      service.server.once('error', (e: NodeJS.ErrnoException) => {
        tell({ type: 'listen-failed', message: `cannot listen on ${options.host}:${options.port}: ${e.code ?? e.message}` });
        finish(2);
      });
      service.server.listen(options.port, options.host, () => tell({ type: 'rules-loaded', rules: ruleSet.rules.length, generation }));
    };
    const onMessage = (m: ToWorker) => {
      if (m.type === 'rules') onRules(m.text, m.file, m.generation);
      else if (m.type === 'drain') stop(m.reason);
      else if (m.type === 'status') workers = m.workers;
      else if (m.type === 'reopen') options.decisions?.reopen();
    };
    // A hang-up of the terminal reaches the whole process group; reloads come from the primary only.
    const ignore = () => {};
    process.on('SIGHUP', ignore);
    // Ctrl-C reaches the workers too: drain as the primary does; a second one exits at once.
    const offSignals = onStopSignals(
      (signal) => stop(signal),
      () => process.exit(1),
    );
    process.on('message', onMessage);
    tell({ type: 'ready' });
  });
}
