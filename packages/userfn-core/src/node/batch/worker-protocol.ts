import type { ByteChunk } from './byte-chunks.js';
import type { PortableRuleSet } from './portable-rules.js';
import type { BatchFormat } from './record.js';
import type { BatchStats } from './stats.js';

/** What a worker verifies with: plain data, so it survives structured cloning. */
export interface WorkerInit {
  readonly ruleSet: PortableRuleSet;
  readonly format: BatchFormat;
  /** The run's one instant, in epoch milliseconds. */
  readonly nowMs: number;
}

/** A chunk sent to a worker (its bytes transferred, not copied). */
export type WorkerTask = Pick<ByteChunk, 'seq' | 'firstLine' | 'bytes'>;

/**
 * What a worker receives: `init` first (a worker is started before the rule
 * set is known, so that loading its code overlaps with the main thread's own
 * start), then chunks. A port delivers messages in order, so chunks may be
 * sent right after `init`.
 */
export type WorkerInbound = { readonly init: WorkerInit } | WorkerTask;

/** A worker's answer to one chunk: the output as UTF-8 (transferred back) and how long it took, or the error that stopped it. */
export type WorkerReply =
  | { readonly seq: number; readonly output: Uint8Array; readonly stats: BatchStats; readonly ms: number }
  | { readonly seq: number; readonly error: string };

/** Sent once, when the worker has built the rule set; times in epoch milliseconds. */
export interface WorkerReady {
  readonly ready: true;
  /** When the worker had loaded its code (its entry module began to run). */
  readonly loadedAt: number;
  readonly readyAt: number;
}

/** What a worker posts: `ready` once, then one reply per chunk. */
export type WorkerMessage = WorkerReply | WorkerReady;
