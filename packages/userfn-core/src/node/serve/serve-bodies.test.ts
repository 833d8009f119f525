import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longRollout } from '../../../test/support/long-rollout.mjs';
import { call, post, type Reply, type ServeProcess, startServe } from '../../../test/support/serve-process.js';
import { CONTAINER_BYTES, STRING_BYTES } from './json-weight.js';

/** Request bodies as large as real rollouts, and larger: from outside the process. */
const dir = mkdtempSync(join(tmpdir(), 'userfn-serve-bodies-'));
const rulesFile = join(dir, 'rules.json');
writeFileSync(
  rulesFile,
  JSON.stringify({
    rules: [
      { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8" },
      { id: 'no-search', condition: "not called('search')" },
    ],
  }),
);

const MiB = 1024 * 1024;

/**
 * Uploads `size` bytes of a JSON body in 64 KiB writes, declaring its length or
 * sending it chunked; resolves with the answer, or rejects on a reset (the
 * failure this guards against: the answer lost because the server closed
 * while the client was still sending).
 */
function upload(port: number, size: number, declared: boolean): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (declared) headers['content-length'] = size;
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/verify', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20); // spaces: valid JSON whitespace
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const codeOf = (r: Reply) => [r.status, (r.body as { error?: { code: string } }).error?.code];

describe('userfn serve request bodies', () => {
  let small: ServeProcess;
  let defaults: ServeProcess;
  beforeAll(async () => {
    [small, defaults] = await Promise.all([startServe(['--rules', rulesFile, '--body-limit', String(MiB)]), startServe(['--rules', rulesFile])]);
  });
  afterAll(() => {
    small.child.kill('SIGKILL');
    defaults.child.kill('SIGKILL');
  });

  it('verifies a 128k-token rollout with token ids and log-probs under the default limit', async () => {
    for (const shape of [
      { contextTokens: 131_072, generationTokens: 122_880 }, // one call, a long generation (3.4 MiB)
      { contextTokens: 131_072, generationTokens: 98_304, turns: 32 }, // an agent's 32 calls, each with its whole context (18 MiB)
    ]) {
      const r = await post(defaults.port, '/verify', longRollout(shape));
      const calls = (shape.turns ?? 1) > 1;
      expect([r.status, (r.body as { reward: number }).reward]).toEqual([200, calls ? 0.5 : 1]);
    }
  });

  it('answers 413 to every 64 MB upload over the limit, declared or chunked, and the client reads it', async () => {
    for (let i = 0; i < 6; i++) {
      const declared = i % 2 === 0;
      const r = await upload(small.port, 64 * MiB, declared);
      expect([declared, ...codeOf(r), r.headers['connection']]).toEqual([declared, 413, 'body_too_large', 'close']);
    }
    // Every refused byte was given back once: a second release (the refused request's late 'error') drove this below 0.
    await expect.poll(async () => (await call(small.port, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', buffered: { bytes: 0 } });
  });

  it('answers 503 with Retry-After when the bodies in flight would pass --max-buffered, and serves again after', async () => {
    const s = await startServe(['--rules', rulesFile, '--body-limit', String(MiB), '--max-buffered', String(MiB)]);
    try {
      // A request that has sent 900 KB of its body and waits: those bytes are buffered.
      const held = request({
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path: '/verify-context',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': 900_002 },
      });
      const heldReply = new Promise<number>((resolve, reject) => {
        held.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        held.on('error', reject);
      });
      held.write(`"${' '.repeat(900_000)}`);
      // /healthz reports the weight buffered (an open string: its bytes and a string's own weight): once the server
      // holds those 900 KB, a 200 KB body does not fit in the 1 MiB.
      await expect
        .poll(async () => ((await call(s.port, 'GET', '/healthz')).body as { buffered: { bytes: number } }).buffered.bytes)
        .toBe(900_000 + STRING_BYTES);
      const probe = JSON.stringify({ output: { pad: 'x'.repeat(200_000) } });
      const busy = await call(s.port, 'POST', '/verify-context', { body: probe });
      expect([...codeOf(busy), busy.headers['retry-after']]).toEqual([503, 'server_busy', '1']);
      held.end('"');
      expect(await heldReply).toBe(400); // a string is not a context: the body was read in full and judged
      expect((await call(s.port, 'POST', '/verify-context', { body: probe })).status).toBe(200);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('counts JSON crafted to parse large at its weight in memory: 413 when it alone passes --max-buffered, its weight held while it arrives', async () => {
    const s = await startServe(['--rules', rulesFile, '--body-limit', String(MiB), '--max-buffered', String(4 * MiB)]);
    try {
      const buffered = async () => ((await call(s.port, 'GET', '/healthz')).body as { buffered: { bytes: number } }).buffered.bytes;
      // 30 KB of empty objects on their way: they count as the memory they will take, 21 times their bytes.
      const held = request({
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path: '/verify',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': 900_000 },
      });
      held.on('error', () => {}); // the reset this test causes
      held.write(`[${'{},'.repeat(10_000)}`);
      await expect.poll(buffered).toBe(10_001 * CONTAINER_BYTES);
      held.destroy();
      await expect.poll(buffered).toBe(0);
      // 900 KB of them would take about 19 MB once parsed: more than the 4 MiB budget holds, so never retried.
      const heavy = await call(s.port, 'POST', '/verify', { body: `[${Array(300_000).fill('{}').join(',')}]` });
      expect([...codeOf(heavy), heavy.headers['connection']]).toEqual([413, 'body_too_heavy', 'close']);
      expect((heavy.body as { error: { message: string } }).error.message).toMatch(/more than 4194304 bytes of memory once parsed/);
      await expect.poll(buffered).toBe(0);
      // a rollout of the same size is its bytes
      const rollout = JSON.stringify({ output: { text: 'x'.repeat(600_000), token_ids: Array.from({ length: 40_000 }, (_, i) => i) } });
      expect((await call(s.port, 'POST', '/verify-context', { body: rollout })).status).toBe(200);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('gives back the bytes of an upload the client abandons, so the budget does not leak', async () => {
    // A leaked reservation would shrink --max-buffered for good: after enough abandoned uploads, every request would get 503.
    const buffered = async () => ((await call(small.port, 'GET', '/healthz')).body as { buffered: { bytes: number } }).buffered.bytes;
    for (const path of ['/verify', '/evaluate']) {
      const abandoned = request({
        host: '127.0.0.1',
        port: small.port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': 900_000 },
      });
      abandoned.on('error', () => {}); // the reset this test causes
      abandoned.write(' '.repeat(500_000));
      await expect.poll(buffered).toBe(500_000);
      abandoned.destroy();
      await expect.poll(buffered).toBe(0);
    }
    expect((await post(small.port, '/verify-context', { output: { confidence: 0.9 } })).status).toBe(200);
  });
});
