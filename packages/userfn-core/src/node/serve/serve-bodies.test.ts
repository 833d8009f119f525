import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longRollout } from '../../../test/support/long-rollout.mjs';
import { call, post, type Reply, type ServeProcess, startServe } from '../../../test/support/serve-process.js';

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
      // /healthz reports the bytes buffered: once the server holds those 900 KB, a 200 KB body does not fit in the 1 MiB.
      await expect.poll(async () => ((await call(s.port, 'GET', '/healthz')).body as { buffered: { bytes: number } }).buffered.bytes).toBe(900_001);
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
