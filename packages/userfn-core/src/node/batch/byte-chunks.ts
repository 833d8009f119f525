/** When to cut a chunk: after the line that reaches either limit. */
export interface ChunkLimits {
  readonly maxLines: number;
  readonly maxBytes: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxLines: 512, maxBytes: 1 << 20 };

/**
 * Consecutive whole input lines as UTF-8 bytes, numbered from `firstLine`;
 * `seq` orders chunks. Every line ends with `\n` except, in the last chunk,
 * a final line the input did not end. The bytes have their own ArrayBuffer,
 * so a chunk can be transferred to a worker thread without copying.
 */
export interface ByteChunk {
  readonly seq: number;
  readonly firstLine: number;
  readonly bytes: Uint8Array;
  /** Input bytes read when the chunk was cut (for progress). */
  readonly bytesRead: number;
}

/**
 * Cuts a byte stream into chunks of whole lines. Only newline bytes are
 * looked at (a `\n` byte is never part of a multi-byte UTF-8 character, so a
 * chunk always decodes on its own); decoding and splitting happen where the
 * chunk is verified, possibly on a worker thread. Pulling one chunk at a time
 * is the backpressure: the input is read no faster than chunks are consumed.
 * Where chunks are cut depends only on the lines, never on how the input was read.
 */
export async function* readByteChunks(input: AsyncIterable<Buffer | string>, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): AsyncGenerator<ByteChunk> {
  let pieces: Uint8Array[] = [];
  let size = 0;
  let lines = 0;
  let seq = 0;
  let nextLine = 1;
  let bytesRead = 0;
  const cut = (): ByteChunk => {
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const p of pieces) {
      bytes.set(p, at);
      at += p.length;
    }
    const chunk = { seq: seq++, firstLine: nextLine, bytes, bytesRead };
    nextLine += lines;
    pieces = [];
    size = 0;
    lines = 0;
    return chunk;
  };

  for await (const data of input) {
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    bytesRead += buf.length;
    let start = 0;
    for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, nl + 1)) {
      lines++;
      if (lines >= limits.maxLines || size + (nl + 1 - start) >= limits.maxBytes) {
        pieces.push(buf.subarray(start, nl + 1));
        size += nl + 1 - start;
        start = nl + 1;
        yield cut();
      }
    }
    if (start < buf.length) {
      pieces.push(buf.subarray(start));
      size += buf.length - start;
    }
  }
  // Bytes after the last newline are a final line; the final newline itself ends no line.
  if (size > 0) {
    const last = pieces[pieces.length - 1]!;
    if (last[last.length - 1] !== 10) lines++;
    yield cut();
  }
}

// Keeps a byte-order mark where it is: stripping it wherever a chunk happens
// to start would make the output depend on where chunks are cut.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The lines of a chunk, decoded (invalid UTF-8 becomes U+FFFD); a BOM at the start of the input is dropped. */
export function chunkLines(chunk: Pick<ByteChunk, 'bytes' | 'firstLine'>): string[] {
  let text = decoder.decode(chunk.bytes);
  if (chunk.firstLine === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n');
  // The text after the last newline is empty unless the input ended without one.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
