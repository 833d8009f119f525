/**
 * Tests of `userfn serve` from outside the process: start the real CLI (the
 * built bin) on a free loopback port and talk to it over HTTP, as a load
 * balancer or NeMo Gym would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../dist/node/cli/bin.js', import.meta.url));

export interface Reply {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
  readonly body?: string | Buffer;
  readonly contentType?: string;
  /** The connection pool; default: a new connection for the request (`agent: false`). */
  readonly agent?: Agent | false;
  /** Give up (reject with ETIMEDOUT) after this long without an answer; default: wait. */
  readonly timeoutMs?: number;
}

/** One HTTP request; rejects on a connection error (a reset, a refused connection). */
export function call(port: number, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const { body, contentType = 'application/json', agent = false, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = body !== undefined ? { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } : {};
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers });
      });
    });
    req.on('error', reject);
    if (timeoutMs !== undefined) req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })));
    req.end(body);
  });
}

export const post = (port: number, path: string, value: unknown, agent?: Agent | false) =>
  call(port, 'POST', path, { body: JSON.stringify(value), ...(agent !== undefined ? { agent } : {}) });

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** Everything the server wrote to stderr so far (its log). */
  logs(): string;
  /** Resolves with the exit code (or the signal's name) when the process exits. */
  readonly exit: Promise<number | string | null>;
}

/** Starts `userfn serve --port 0 ...args`; resolves once it prints its URL (every worker listens by then). */
export function startServe(args: readonly string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), logs: () => err, exit });
    });
    void exit.then((code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}

/** A NeMo Gym rollout whose assistant message is `text`, after calls to the named tools. */
export const rollout = (text: string, calls: Array<{ name: string }> = []) => ({
  responses_create_params: { input: [{ role: 'user', content: 'refund please' }] },
  response: {
    output: [
      ...calls.map((c, i) => ({ type: 'function_call', name: c.name, arguments: '{}', call_id: `c${i}` })),
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] },
    ],
  },
  reward: 0.123,
  extra: { kept: true },
});
