/** Batch verification of JSON lines (agent sessions or NeMo Gym rollouts) against a rule set. */
import type { Writable } from 'node:stream';
import type { RuleSet } from '../../rules/types.js';
import type { BatchSummary } from './stats.js';
import { verifyStream as run, type VerifyStreamOptions } from './verify-stream.js';

export type { VerifyStreamOptions, BatchProgress } from './verify-stream.js';

/**
 * Verifies JSON lines read from `input` against a rule set, writing one result
 * line per input line to `output`, and resolves with the run's summary. The
 * same function the CLI runs, typed with the public options only.
 */
export const verifyStream: (ruleSet: RuleSet, input: AsyncIterable<Buffer | string>, output: Writable, options?: VerifyStreamOptions) => Promise<BatchSummary> =
  run;
export { formatSummary, type BatchSummary, type JudgeSummary } from './stats.js';
export type { BatchFormat } from './record.js';
export type { ChunkLimits } from './byte-chunks.js';
