import { describe, expect, it } from 'vitest';
import { chunkLines, readByteChunks, type ChunkLimits } from './byte-chunks.js';

/** Feeds the pieces as separate reads and collects every chunk. */
async function chunks(pieces: (string | Buffer)[], limits?: ChunkLimits) {
  async function* source() {
    for (const p of pieces) yield p;
  }
  const out = [];
  for await (const c of readByteChunks(source(), limits)) out.push(c);
  return out;
}

const lines = async (pieces: (string | Buffer)[], limits?: ChunkLimits) => (await chunks(pieces, limits)).flatMap((c) => chunkLines(c));
const bytewise = (text: string) => [...Buffer.from(text)].map((b) => Buffer.from([b]));

describe('readByteChunks and chunkLines', () => {
  it('does not count the final newline as a line, but counts every blank line', async () => {
    expect(await lines(['a\nb\n'])).toEqual(['a', 'b']);
    expect(await lines(['a\nb'])).toEqual(['a', 'b']);
    expect(await lines(['a\n\n  \nb\n\n'])).toEqual(['a', '', '  ', 'b', '']);
    expect(await lines(['\n'])).toEqual(['']);
    expect(await lines([''])).toEqual([]);
    expect(await lines([])).toEqual([]);
  });

  it('joins lines split across reads, including a multi-byte character split between buffers', async () => {
    expect(await lines(bytewise('{"t":"é€😀"}\nnext\n'))).toEqual(['{"t":"é€😀"}', 'next']);
    expect(await lines(['ab', 'cd', '\ne', 'f'])).toEqual(['abcd', 'ef']);
  });

  it('numbers lines from 1 across chunks cut by line count and by size, and counts bytes read', async () => {
    const text = Array.from({ length: 10 }, (_, i) => `line${i + 1}`).join('\n');
    const byCount = await chunks([text], { maxLines: 4, maxBytes: 1e9 });
    expect(byCount.map((c) => [c.seq, c.firstLine, chunkLines(c).length])).toEqual([
      [0, 1, 4],
      [1, 5, 4],
      [2, 9, 2],
    ]);
    expect(chunkLines(byCount[2]!)).toEqual(['line9', 'line10']);
    const bySize = await chunks([text], { maxLines: 1000, maxBytes: 10 });
    expect(bySize.every((c) => chunkLines(c).length === 2)).toBe(true);
    expect(bySize.at(-1)!.bytesRead).toBe(Buffer.byteLength(text));
  });

  it('cuts the same chunks however the input is read', async () => {
    const text = Array.from({ length: 50 }, (_, i) => 'é'.repeat(i % 7)).join('\n') + '\n';
    const limits = { maxLines: 6, maxBytes: 15 };
    const whole = await chunks([text], limits);
    const split = await chunks(bytewise(text), limits);
    expect(split.map((c) => [c.firstLine, chunkLines(c)])).toEqual(whole.map((c) => [c.firstLine, chunkLines(c)]));
    expect(whole.length).toBeGreaterThan(5);
  });

  it('gives each chunk its own buffer (transferable), and drops a BOM only at the start of the input', async () => {
    const cs = await chunks(['\uFEFFa\n\uFEFFb\n'], { maxLines: 1, maxBytes: 1e9 });
    expect(cs.map((c) => chunkLines(c))).toEqual([['a'], ['\uFEFFb']]);
    for (const c of cs) expect(c.bytes.byteLength).toBe(c.bytes.buffer.byteLength);
  });

  it('decodes invalid UTF-8 to U+FFFD the same way whatever the chunking', async () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}\nx\n')]);
    expect(await lines([bytes])).toEqual(['{"a":"\uFFFD"}', 'x']);
    expect(
      await lines(
        [...bytes].map((b) => Buffer.from([b])),
        { maxLines: 1, maxBytes: 1 },
      ),
    ).toEqual(['{"a":"\uFFFD"}', 'x']);
  });
});
