import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIST, pickEncoding, startServer } from './serve.mjs';

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));

function fetchText(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    }).on('error', reject);
  });
}

/** The URL serve.mjs prints once it listens (rejects if it exits first). */
function urlOf(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /UserFn playground: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
}

/** What `npm start` ends with: the static server on the built page, printing its URL. */
describe('scripts/serve.mjs (npm start)', () => {
  it('serves the built page on a free port, prints its URL, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [SERVE], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await urlOf(child);
      const page = await fetchText(url);
      expect([page.status, page.type]).toEqual([200, expect.stringContaining('text/html')]);
      expect(page.body).toContain('data-testid="expression"');
      expect((await fetchText(new URL('no-such-file.js', url).href)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('takes another free port when 4173 is taken, and says in a line that an explicit PORT is taken', async () => {
    // hold 4173 (when something else holds it already, the fallback is exercised all the same)
    const holder = createServer();
    await new Promise<void>((resolve) => {
      holder.once('error', () => resolve());
      holder.listen(4173, '127.0.0.1', () => resolve());
    });
    try {
      const { PORT: _unset, ...env } = process.env;
      const child = spawn(process.execPath, [SERVE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        const url = await urlOf(child);
        expect(new URL(url).port).not.toBe('4173');
        expect((await fetchText(url)).status).toBe(200);
      } finally {
        child.kill('SIGTERM');
      }
      const explicit = spawn(process.execPath, [SERVE], { env: { ...env, PORT: '4173' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      explicit.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const code = await new Promise<number | null>((resolve) => explicit.once('close', resolve));
      expect([code, err]).toEqual([2, 'port 4173 is in use: stop what holds it, or choose another with PORT=<port> (0 picks a free one)\n']);
    } finally {
      holder.close();
    }
  });

  it('refuses a PORT that is not a port number', async () => {
    const child = spawn(process.execPath, [SERVE], { env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).not.toBe(0);
    expect(err).toContain("PORT must be a port number, not 'eighty'");
  });
});

describe('compression and caching', () => {
  it('picks brotli, else gzip, else none, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('serves the page and its hashed assets compressed, assets cached for good, the page revalidated', async () => {
    const assets = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.length, 'build the playground first').toBeGreaterThan(0);
    const largest = assets.map((f) => ({ f, size: statSync(join(DIST, 'assets', f)).size })).sort((a, b) => b.size - a.size)[0]!;
    const server = await startServer({ port: 0 });
    try {
      for (const [accept, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const r = await fetchRaw(new URL(`assets/${largest.f}`, server.url).href, accept);
        expect(r.headers['content-encoding']).toBe(accept);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(r.headers.vary).toBe('accept-encoding');
        expect(Number(r.headers['content-length'])).toBe(r.body.length);
        expect(r.body.length).toBeLessThan(largest.size / 3);
        expect(decode(r.body).equals(readFileSync(join(DIST, 'assets', largest.f)))).toBe(true);
      }
      const page = await fetchRaw(server.url, 'gzip');
      expect([page.headers['content-encoding'], page.headers['cache-control']]).toEqual(['gzip', 'no-cache']);
      const plain = await fetchRaw(new URL(`assets/${largest.f}`, server.url).href, '');
      expect([plain.headers['content-encoding'], plain.body.length]).toEqual([undefined, largest.size]);
    } finally {
      await server.close();
    }
  });
});

function fetchRaw(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
