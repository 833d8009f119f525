/** Batch verification of JSON lines (agent sessions or NeMo Gym rollouts) against a rule set. */
export { verifyStream, type VerifyStreamOptions, type BatchProgress } from './verify-stream.js';
export { formatSummary, type BatchSummary, type JudgeSummary } from './stats.js';
export type { BatchFormat } from './record.js';
export type { ChunkLimits } from './byte-chunks.js';
