import type { JudgeErrorPolicy, RuleSet } from '../../rules/types.js';
import type { JudgeBackend } from '../../rules/judge-request.js';
import { chunkLines, readByteChunks, type ChunkLimits, DEFAULT_CHUNK_LIMITS } from './byte-chunks.js';
import { createJudgedLineProcessor } from './judged-record.js';
import type { BatchFormat } from './record.js';
import { addStats, emptyStats, summarize, type BatchStats, type BatchSummary, type JudgeSummary } from './stats.js';

/** Options of `verifyJudgedStream`. */
export interface JudgedStreamOptions {
  readonly format: BatchFormat;
  readonly now: Date;
  readonly judge?: JudgeBackend & { readonly inFlight?: number; readonly stats?: Omit<JudgeSummary, 'incomplete' | 'ruleErrors'> };
  readonly judgeError: JudgeErrorPolicy;
  /** NeMo Gym output: also write each rollout's judged entries (`userfn.judged`). */
  readonly audit?: boolean;
  /** Sessions verified at once (their judge calls queue on the client's concurrency); default 256. */
  readonly window?: number;
  readonly chunkLimits?: ChunkLimits;
  readonly onProgress?: (p: { records: number; bytesRead: number; judgeInFlight: number }) => void;
  readonly write: (text: string) => Promise<void> | void;
}

/** A session being verified, in input order. */
interface Pending {
  output: string | undefined;
  readonly done: Promise<string>;
  readonly bytesRead: number;
  readonly line: number;
}

/**
 * Verifies JSON lines against a rule set with judge rules, on this thread:
 * up to `window` sessions at once (the judge client limits the requests in
 * flight), each line written as soon as every line before it is, so the
 * output is in input order and memory stays bounded. Input errors are lines
 * of their own, as without judges. Under `abort` a judge error stops the
 * reading: the sessions in flight finish, the lines before the first failed
 * one (in input order) are written, and its JudgeAbortError (with its line
 * number) rejects.
 */
export async function verifyJudgedStream(ruleSet: RuleSet, input: AsyncIterable<Buffer | string>, options: JudgedStreamOptions): Promise<BatchSummary> {
  const ruleIds = ruleSet.definition.rules.map((r) => r.id);
  const total: BatchStats = emptyStats(ruleIds.length);
  const process = createJudgedLineProcessor(ruleSet, {
    format: options.format,
    now: options.now,
    judgeError: options.judgeError,
    ...(options.audit ? { audit: true } : {}),
    ...(options.judge ? { judge: options.judge } : {}),
  });
  const window = options.window ?? 256;
  const queue: Pending[] = [];
  let failure: { error: unknown; line: number } | undefined;

  /**
   * Writes the lines at the head in order, those that are ready in one write
   * (one write per line cost more than the rest of a session's work). A head
   * that is not ready yet is awaited only when the window is full or at the
   * end, after what is ready before it has been written: when it fails (an
   * abort), every line before it is out.
   */
  const writeReady = async (all: boolean) => {
    let text = '';
    let bytesRead = 0;
    const flush = async () => {
      if (text === '') return;
      await options.write(text);
      text = '';
      options.onProgress?.({ records: total.records, bytesRead, judgeInFlight: options.judge?.inFlight ?? 0 });
    };
    while (queue.length > 0 && (all || queue.length >= window || queue[0]!.output !== undefined)) {
      const head = queue[0]!;
      if (head.output === undefined) await flush();
      text += head.output ?? (await head.done);
      queue.shift();
      bytesRead = head.bytesRead;
    }
    await flush();
  };

  try {
    for await (const chunk of readByteChunks(input, options.chunkLimits ?? DEFAULT_CHUNK_LIMITS)) {
      const lines = chunkLines(chunk);
      for (let k = 0; k < lines.length; k++) {
        const lineNo = chunk.firstLine + k;
        const out = process(lines[k]!, lineNo, total);
        const p: Pending = { output: typeof out === 'string' ? out : undefined, done: Promise.resolve(out), bytesRead: chunk.bytesRead, line: lineNo };
        if (typeof out !== 'string') {
          out.then(
            (text) => void (p.output = text),
            // Reading stops; the sessions in flight finish (those before this one are written).
            (error: unknown) => void (failure ??= { error, line: lineNo }),
          );
        }
        queue.push(p);
        if (failure) break;
        await writeReady(false);
      }
      if (failure) break;
    }
    await writeReady(true);
  } catch (e) {
    if (!failure) throw e;
    // The lines before the first failed one, in input order, are written; that one's error is the run's.
    while (queue.length > 0) {
      const p = queue.shift()!;
      const text = await p.done.then(
        (t) => t,
        (error: unknown) => void (failure = { error, line: p.line }),
      );
      if (text === undefined) break;
      await options.write(text);
    }
  }
  if (failure) throw Object.assign(failure.error as Error, { line: failure.line });
  // The per-line counts, folded into totals the way chunks are (the mean, the histogram, the 0s and 1s come from the scores).
  const totals = emptyStats(ruleIds.length);
  addStats(totals, total);
  const summary = summarize(totals, ruleIds);
  const s = options.judge?.stats;
  return s ? { ...summary, judge: { ...s, ruleErrors: total.judgeErrors ?? 0, incomplete: total.incomplete ?? 0 } } : summary;
}
