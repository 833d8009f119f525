import { describe, expect, test } from 'vitest';
import { framingGuard } from './framing-guard.js';

async function through(chunks: readonly string[]): Promise<{ out: string; problems: string[] }> {
  const problems: string[] = [];
  const guard = framingGuard((p) => problems.push(p));
  const parts: Buffer[] = [];
  guard.on('data', (b: Buffer) => parts.push(b));
  for (const c of chunks) guard.write(Buffer.from(c, 'utf8'));
  guard.end();
  await new Promise((resolve) => guard.on('finish', resolve));
  return { out: Buffer.concat(parts).toString('utf8'), problems };
}

const msg = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('framingGuard', () => {
  test('well-framed messages pass untouched, however they are chunked', async () => {
    const text = msg('{"a":1}') + msg('{"é":"ü"}') + msg('{}');
    for (const size of [1, 3, 7, 1000]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect((await through(chunks)).out).toBe(text);
    }
  });

  test('a header block without Content-Length is dropped and reported', async () => {
    const r = await through(['Content-Type: x\r\n\r\n' + msg('{"ok":true}')]);
    expect(r.out).toBe(msg('{"ok":true}'));
    expect(r.problems).toHaveLength(1);
  });

  test('a body that is not JSON still passes (the JSON-RPC layer reports it)', async () => {
    expect((await through([msg('{not json')])).out).toBe(msg('{not json'));
  });

  test('endless garbage without a separator is bounded', async () => {
    const r = await through(['x'.repeat(200_000), msg('{}')]);
    expect(r.problems.length).toBeGreaterThan(0);
  });
});
