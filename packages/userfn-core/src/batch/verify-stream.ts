import type { Writable } from 'node:stream';
import type { RuleSet } from '../rules/types.js';
import { fixedClock } from '../rules/verify.js';
import { DEFAULT_CHUNK_LIMITS, readByteChunks, type ByteChunk, type ChunkLimits } from './byte-chunks.js';
import { processChunk } from './chunk.js';
import { WorkerPool } from './pool.js';
import { createLineProcessor, type BatchFormat } from './record.js';
import { addStats, emptyStats, summarize, type BatchStats, type BatchSummary } from './stats.js';

/** Progress of a run, reported after each chunk is written. */
export interface BatchProgress {
  readonly records: number;
  /** Input bytes read so far. */
  readonly bytesRead: number;
}

/** Options for `verifyStream`. */
export interface VerifyStreamOptions {
  /** `sessions` (default): each line is a verification context; `nemo-gym`: each line is a rollout, written back with `reward`. */
  readonly format?: BatchFormat;
  /** Worker threads (default 1: verify in this thread). The output is the same for any number. */
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
  /** The worker entry module (default: the built `worker.js` beside this module). */
  readonly workerUrl?: URL;
  /** Where chunks are cut (tests use small chunks). */
  readonly chunkLimits?: ChunkLimits;
}

/** Writes text or UTF-8 bytes, waiting for `drain` when the stream asks to (the output's backpressure). */
function write(out: Writable, data: string | Uint8Array, failed: () => Error | undefined): Promise<void> | undefined {
  const error = failed();
  if (error) throw error;
  if (data.length === 0 || out.write(data)) return undefined;
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

/**
 * Verifies a stream of JSON lines against a rule set and writes one output
 * line per input line, in input order. Memory stays flat: lines are read in
 * chunks, at most a few chunks are in flight, and reading waits for the output.
 * With `workers > 1` the main thread cuts the input into chunks of lines (as
 * bytes, transferred without copying) and writes results back in sequence
 * order; worker threads decode, verify and encode. Every chunk runs the same
 * code wherever it runs, so the output is byte-identical to one worker's.
 * Resolves with the run's summary; the output stream is not ended.
 */
export async function verifyStream(ruleSet: RuleSet, input: AsyncIterable<Buffer | string>, output: Writable, options: VerifyStreamOptions = {}): Promise<BatchSummary> {
  const format = options.format ?? 'sessions';
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers must be an integer >= 1, got ${workers}`);
  if (workers > 1 && !ruleSet.portable) throw new RangeError('a rule set loaded with a host schema or host functions cannot run on worker threads');
  // One instant for the whole run, shared with every worker.
  const clock = fixedClock(options.now);
  const nowMs = (clock.now as Date).getTime();
  const ruleCount = ruleSet.rules.length;
  const total = emptyStats(ruleCount);

  let outputError: Error | undefined;
  const onOutputError = (e: Error) => {
    outputError ??= e;
  };
  output.on('error', onOutputError);

  const pool =
    workers > 1
      ? new WorkerPool(workers, options.workerUrl ?? new URL('./worker.js', import.meta.url), { definition: ruleSet.definition, format, nowMs })
      : undefined;
  const processLine = createLineProcessor(ruleSet, format, clock);
  const inProcess = (chunk: ByteChunk) => {
    const { text, stats } = processChunk(chunk, processLine, ruleCount);
    return { output: text, stats };
  };
  const shareWork = options.shareWork ?? true;
  // Two chunks per worker (and one on this thread) keep every thread busy while the oldest is written.
  const maxInFlight = pool ? workers * 2 + 1 : 1;
  const inFlight: { result: Promise<{ output: string | Uint8Array; stats: BatchStats }>; bytesRead: number }[] = [];

  const flushOldest = async () => {
    const { result, bytesRead } = inFlight.shift()!;
    const r = await result;
    addStats(total, r.stats);
    await write(output, r.output, () => outputError);
    options.onProgress?.({ records: total.records, bytesRead });
  };

  try {
    for await (const chunk of readByteChunks(input, options.chunkLimits ?? DEFAULT_CHUNK_LIMITS)) {
      const { bytesRead } = chunk;
      const result = !pool ? Promise.resolve(inProcess(chunk)) : shareWork ? (pool.tryRun(chunk) ?? Promise.resolve(inProcess(chunk))) : pool.run(chunk);
      // Awaited later, in order: until then a failure must not count as unhandled.
      result.catch(() => undefined);
      inFlight.push({ result, bytesRead });
      while (inFlight.length >= maxInFlight) await flushOldest();
    }
    while (inFlight.length > 0) await flushOldest();
    if (outputError) throw outputError;
  } finally {
    output.off('error', onOutputError);
    await pool?.close();
  }
  return summarize(total, ruleSet.rules.map((r) => r.id));
}
