import type { RuleSetDefinition } from '../rules/types.js';
import type { ByteChunk } from './byte-chunks.js';
import type { BatchFormat } from './record.js';
import type { BatchStats } from './stats.js';

/** What each worker thread starts from: plain data, so it survives structured cloning. */
export interface WorkerInit {
  readonly definition: RuleSetDefinition;
  readonly format: BatchFormat;
  /** The run's one instant, in epoch milliseconds. */
  readonly nowMs: number;
}

/** A chunk sent to a worker (its bytes transferred, not copied). */
export type WorkerTask = Pick<ByteChunk, 'seq' | 'firstLine' | 'bytes'>;

/** A worker's answer to one chunk: the output as UTF-8 (transferred back), or the error that stopped it. */
export type WorkerReply =
  | { readonly seq: number; readonly output: Uint8Array; readonly stats: BatchStats }
  | { readonly seq: number; readonly error: string };

/** What a worker posts: `ready` once (its rule set is loaded), then one reply per chunk. */
export type WorkerMessage = WorkerReply | { readonly ready: true };
