import type { Writable } from 'node:stream';
import type { RuleSet } from '../../rules/types.js';
import { fixedClock } from '../../rules/verify.js';
import { DEFAULT_CHUNK_LIMITS, readByteChunks, type ByteChunk, type ChunkLimits } from './byte-chunks.js';
import { processChunk } from './chunk.js';
import { epochMs } from './epoch-ms.js';
import { WORKER_URL, workerThreadsFor } from './early-workers.js';
import { WorkerPool } from './pool.js';
import { portableRuleSet } from './portable-rules.js';
import { createLineProcessor, type BatchFormat } from './record.js';
import { addStats, emptyStats, summarize, type BatchStats, type BatchSummary } from './stats.js';
import { newCounter, type BatchTimeline } from './timeline.js';
import { verifyJudgedStream, type JudgedStreamOptions } from './judged-stream.js';
import type { JudgeErrorPolicy } from '../../rules/types.js';

/** Progress of a run, reported after each chunk is written. */
export interface BatchProgress {
  readonly records: number;
  /** Input bytes read so far. */
  readonly bytesRead: number;
  /** With judge rules: judge requests being sent now. */
  readonly judgeInFlight?: number;
}

/** Options for `verifyStream`. */
export interface VerifyStreamOptions {
  /** `sessions` (default): each line is a verification context; `nemo-gym`: each line is a rollout, written back with `reward`. */
  readonly format?: BatchFormat;
  /**
   * Threads that verify (default 1: this thread alone): this thread and
   * `workers - 1` worker threads. The output is the same for any number.
   */
  readonly workers?: number;
  /**
   * With workers: also verify a chunk on this thread when no worker has room
   * (default true), which hides the workers' start-up. False sends every
   * chunk to a worker.
   */
  readonly shareWork?: boolean;
  /** The clock of every record (default: one instant, the start of the run). */
  readonly now?: Date | string;
  readonly onProgress?: (p: BatchProgress) => void;
  /** Sends the judge requests of a rule set with judge rules (without one they are errors: not run). */
  readonly judge?: JudgedStreamOptions['judge'];
  /** What a judge error does (default `fail`). */
  readonly judgeError?: JudgeErrorPolicy;
  /** With judge rules: sessions verified at once (default 256). */
  readonly judgeWindow?: number;
  /** With judge rules and NeMo Gym output: also write each rollout's judged entries as `userfn.judged`. */
  readonly judgeAudit?: boolean;
}

/** The package's own options on top (the CLI's started workers and timeline, tests' small chunks); not part of the public API. */
export interface BatchRunOptions extends VerifyStreamOptions {
  /** Called once at the end of a run that completed: what each thread did. */
  readonly onTimeline?: (t: BatchTimeline) => void;
  /** The worker entry module (default: the built `worker.js` beside this module). */
  readonly workerUrl?: URL;
  /**
   * The `workers - 1` worker threads, already started (the CLI starts them
   * before it loads the rule set). verifyStream gives them the rule set and
   * closes them, also when it fails.
   */
  readonly pool?: WorkerPool;
  /** Where chunks are cut (tests use small chunks). */
  readonly chunkLimits?: ChunkLimits;
}

/** Resolves when the output has taken what it buffered (`drain`); rejects when it fails or closes first. */
function drained(out: Writable, failed: () => Error | undefined): Promise<void> {
  const error = failed() ?? (out.destroyed ? new Error('the output was closed') : undefined);
  if (error) return Promise.reject(error);
  return new Promise((resolve, reject) => {
    const done = (e?: Error) => {
      out.off('drain', onDrain);
      out.off('error', done);
      out.off('close', onClose);
      if (e) reject(e);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(failed() ?? new Error('the output was closed'));
    out.on('drain', onDrain);
    out.on('error', done);
    out.on('close', onClose);
  });
}

/** A chunk being verified, in input order: `done` once its result is there. */
interface Pending {
  readonly result: Promise<{ output: string | Uint8Array; stats: BatchStats }>;
  readonly bytesRead: number;
  done: boolean;
}

/**
 * Verifies a stream of JSON lines against a rule set and writes one output
 * line per input line, in input order. Memory stays flat: lines are read in
 * chunks, at most a few chunks are in flight, and reading waits for the output.
 * With `workers > 1` this thread cuts the input into chunks of lines (as
 * bytes, transferred without copying), verifies some itself and writes
 * results back in sequence order; worker threads decode, verify and encode
 * the others. Every chunk runs the same code wherever it runs, so the output
 * is byte-identical to one thread's. Resolves with the run's summary; the
 * output stream is not ended.
 */
export async function verifyStream(
  ruleSet: RuleSet,
  input: AsyncIterable<Buffer | string>,
  output: Writable,
  options: BatchRunOptions = {},
): Promise<BatchSummary> {
  if (ruleSet.judges.length > 0) return judgedStream(ruleSet, input, output, options);
  let pool = options.pool;
  let outputError: Error | undefined;
  const onOutputError = (e: Error) => {
    outputError ??= e;
  };
  output.on('error', onOutputError);
  try {
    const format = options.format ?? 'sessions';
    const threads = options.workers ?? 1;
    if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`workers must be an integer >= 1, got ${threads}`);
    if (pool && pool.size !== workerThreadsFor(threads))
      throw new RangeError(`${threads} threads take ${workerThreadsFor(threads)} worker threads, not ${pool.size}`);
    // Refuses a rule set that needs the host before any worker starts.
    const portable = threads > 1 ? portableRuleSet(ruleSet) : undefined;
    // One instant for the whole run, shared with every worker.
    const clock = fixedClock(options.now);
    const nowMs = (clock.now as Date).getTime();
    if (portable) {
      pool ??= new WorkerPool(workerThreadsFor(threads), options.workerUrl ?? WORKER_URL);
      pool.init({ ruleSet: portable, format, nowMs });
    }

    const ruleCount = ruleSet.rules.length;
    const total = emptyStats(ruleCount);
    const processLine = createLineProcessor(ruleSet, format, clock);
    const main = newCounter();
    main.readyAt = epochMs();
    const inProcess = (chunk: ByteChunk): Pending => {
      const t0 = performance.now();
      const { text, stats } = processChunk(chunk, processLine, ruleCount);
      main.busyMs += performance.now() - t0;
      main.chunks++;
      return { result: Promise.resolve({ output: text, stats }), bytesRead: chunk.bytesRead, done: true };
    };
    const toWorker = (result: Promise<{ output: Uint8Array; stats: BatchStats }>, bytesRead: number): Pending => {
      const p: Pending = { result, bytesRead, done: false };
      // Settled either way; a failure is awaited (and thrown) in order: until then it must not count as unhandled.
      result.then(
        () => void (p.done = true),
        () => void (p.done = true),
      );
      return p;
    };
    const shareWork = options.shareWork ?? true;
    // Room for this thread to run ahead of a worker that holds the oldest
    // chunk (a cold worker is several times slower than this thread at first).
    // With 2 chunks per thread this thread sat idle 20-30 ms of every 50
    // waiting for the worker, and 2 threads took 0.80 s where they take 0.68 s
    // with 4 per thread. Still bounded: memory stays flat.
    const maxInFlight = pool ? threads * 4 + 1 : 1;
    const inFlight: Pending[] = [];

    /** Writes the oldest chunk's output; the output may then ask to drain (`writableNeedDrain`). */
    const writeOldest = async () => {
      const { result, bytesRead } = inFlight.shift()!;
      const r = await result;
      if (outputError) throw outputError;
      addStats(total, r.stats);
      if (r.output.length > 0) output.write(r.output);
      options.onProgress?.({ records: total.records, bytesRead });
    };
    /**
     * The output's backpressure, without idling: chunks are written as soon
     * as every chunk before them is, unless the output asks to drain; this
     * thread waits for it only when the window is full. (Waiting for every
     * chunk's write to be done left this thread idle while it could verify
     * or hand out the next chunk: the writes of a file go through libuv's
     * threads, which wait for a core when both are busy.)
     */
    const flush = async (all: boolean) => {
      while (inFlight.length > 0) {
        const full = all || inFlight.length >= maxInFlight;
        if (output.writableNeedDrain) {
          if (!full) return;
          await drained(output, () => outputError);
        } else if (inFlight[0]!.done || full) await writeOldest();
        else return;
      }
    };

    for await (const chunk of readByteChunks(input, options.chunkLimits ?? DEFAULT_CHUNK_LIMITS)) {
      if (!pool) inFlight.push(inProcess(chunk));
      else if (!shareWork) inFlight.push(toWorker(pool.run(chunk), chunk.bytesRead));
      else {
        const sent = pool.tryRun(chunk);
        inFlight.push(sent ? toWorker(sent, chunk.bytesRead) : inProcess(chunk));
      }
      await flush(false);
    }
    await flush(true);
    // Resolved once the output took everything (an output error shows here, not after).
    if (output.writableNeedDrain) await drained(output, () => outputError);
    if (outputError) throw outputError;
    options.onTimeline?.({ threads: [{ thread: 0, ...main }, ...(pool?.activity(1) ?? [])], doneAt: epochMs() });
    return summarize(
      total,
      ruleSet.rules.map((r) => r.id),
    );
  } finally {
    output.off('error', onOutputError);
    await pool?.close();
  }
}

/**
 * A rule set with judge rules runs on this thread (the judges' network calls
 * are the cost, and they overlap here; conditions take microseconds): worker
 * threads already started are closed unused.
 */
async function judgedStream(ruleSet: RuleSet, input: AsyncIterable<Buffer | string>, output: Writable, options: BatchRunOptions): Promise<BatchSummary> {
  let outputError: Error | undefined;
  const onOutputError = (e: Error) => {
    outputError ??= e;
  };
  output.on('error', onOutputError);
  try {
    const clock = fixedClock(options.now);
    return await verifyJudgedStream(ruleSet, input, {
      format: options.format ?? 'sessions',
      now: clock.now as Date,
      judgeError: options.judgeError ?? 'fail',
      ...(options.judge ? { judge: options.judge } : {}),
      ...(options.judgeWindow !== undefined ? { window: options.judgeWindow } : {}),
      ...(options.judgeAudit ? { audit: true } : {}),
      ...(options.chunkLimits ? { chunkLimits: options.chunkLimits } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      write: (text) => {
        if (outputError) throw outputError;
        if (!output.write(text)) return drained(output, () => outputError);
      },
    });
  } finally {
    output.off('error', onOutputError);
    await options.pool?.close();
  }
}
