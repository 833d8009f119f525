import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

/** What `npm start` ends with: the static server on the built page, printing its URL. */
describe('scripts/serve.mjs (npm start)', () => {
  it('serves the built page on a free port, prints its URL, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [SERVE], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /UserFn playground: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
      });
      const page = await fetchText(url);
      expect([page.status, page.type]).toEqual([200, expect.stringContaining('text/html')]);
      expect(page.body).toContain('data-testid="expression"');
      expect((await fetchText(new URL('no-such-file.js', url).href)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
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
