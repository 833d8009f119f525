import { chunkLines, type ByteChunk } from './byte-chunks.js';
import type { LineProcessor } from './record.js';
import { emptyStats, type BatchStats } from './stats.js';

/** The output of one chunk: its lines (in order, each ending with a newline) and its counts. */
export interface ChunkResult {
  readonly seq: number;
  readonly text: string;
  readonly stats: BatchStats;
}

/** Verifies a chunk line by line: the same code runs in process and on worker threads, so outputs are identical. */
export function processChunk(chunk: Pick<ByteChunk, 'seq' | 'firstLine' | 'bytes'>, process: LineProcessor, ruleCount: number): ChunkResult {
  const stats = emptyStats(ruleCount);
  let text = '';
  const lines = chunkLines(chunk);
  for (let k = 0; k < lines.length; k++) text += process(lines[k]!, chunk.firstLine + k, stats);
  return { seq: chunk.seq, text, stats };
}
