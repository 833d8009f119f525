/**
 * A small hand-written LSP client over stdio (Content-Length framing), for the
 * end-to-end tests: it starts the real server (`node bin/userfn-lsp.mjs
 * --stdio`), can send raw malformed bytes, and waits for messages with a
 * bounded wait that fails with a clear message (never a timed assertion).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BIN = `${PACKAGE_DIR}bin/userfn-lsp.mjs`;
const BUILT = `${PACKAGE_DIR}dist/server/node.js`;
const WAIT_MS = 20_000;

export interface Message {
  readonly jsonrpc: '2.0';
  readonly id?: number | string | null;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { code: number; message: string };
}

interface Waiter {
  readonly match: (m: Message) => boolean;
  readonly resolve: (m: Message) => void;
}

/** One running server and the client side of its connection. */
export class LspClient {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private waiters: Waiter[] = [];
  /** Every message the server sent, in order. */
  readonly received: Message[] = [];
  stderr = '';
  /** What the client answers to `workspace/configuration` (per requested item). */
  configuration: unknown = null;
  readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  /** Starts the built server. Fails clearly when it has not been built. */
  static start(args: readonly string[] = ['--stdio']): LspClient {
    if (!existsSync(BUILT))
      throw new Error(`the server is not built (${BUILT} is missing): run \`npm run build\` in packages/userfn-lsp (turbo does it before \`test\`)`);
    return new LspClient(spawn(process.execPath, [BIN, ...args], { cwd: PACKAGE_DIR, stdio: 'pipe' }));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const length = Number(/Content-Length: (\d+)/i.exec(header)?.[1]);
      if (!Number.isFinite(length)) throw new Error(`bad header from the server: ${header}`);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(m: Message): void {
    this.received.push(m);
    // answer the server's own requests (configuration pulls, registrations) so it never waits on us
    if (m.method !== undefined && m.id !== undefined) {
      const items = (m.params as { items?: unknown[] } | undefined)?.items ?? [];
      this.write({ jsonrpc: '2.0', id: m.id, result: m.method === 'workspace/configuration' ? items.map(() => this.configuration) : null });
    }
    const ready = this.waiters.filter((w) => w.match(m));
    this.waiters = this.waiters.filter((w) => !w.match(m));
    for (const w of ready) w.resolve(m);
  }

  private write(m: object): void {
    this.sendRaw(JSON.stringify(m));
  }

  /** Sends a body with a correct Content-Length header (the body itself may be anything). */
  sendRaw(body: string): void {
    this.sendBytes(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
  }

  /** Sends bytes exactly as given (for malformed framing). */
  sendBytes(bytes: string): void {
    this.child.stdin.write(bytes);
  }

  /** The first message (already received or coming) that matches, within a bounded wait. */
  waitFor(what: string, match: (m: Message) => boolean, timeoutMs = WAIT_MS): Promise<Message> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return this.waitForNext(what, match, timeoutMs);
  }

  /** The next message from now on that matches, within a bounded wait. */
  waitForNext(what: string, match: (m: Message) => boolean, timeoutMs = WAIT_MS): Promise<Message> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no ${what} from the server within ${timeoutMs} ms; stderr:\n${this.stderr}`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Sends a request and waits for its response. */
  async request<T = unknown>(method: string, params?: unknown, timeoutMs = WAIT_MS): Promise<{ result: T; error: Message['error'] }> {
    const id = this.nextId++;
    const response = this.waitForNext(`response to ${method}`, (m) => m.id === id && m.method === undefined, timeoutMs);
    this.write({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
    const m = await response;
    return { result: m.result as T, error: m.error };
  }

  notify(method: string, params?: unknown): void {
    this.write({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
  }

  /** The diagnostics published for a uri at a version (waits for them). */
  async diagnostics(uri: string, version: number): Promise<Array<{ code?: string | number; message: string; range: unknown }>> {
    const m = await this.waitFor(`diagnostics for ${uri} v${version}`, (x) => {
      const p = x.params as { uri?: string; version?: number } | undefined;
      return x.method === 'textDocument/publishDiagnostics' && p?.uri === uri && p.version === version;
    });
    return (m.params as { diagnostics: Array<{ code?: string | number; message: string; range: unknown }> }).diagnostics;
  }

  /** shutdown + exit when the server is alive; kills it if it does not exit. Always leaves no process behind. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      try {
        await this.request('shutdown', undefined, 5000);
        this.notify('exit');
      } catch {
        // it may be gone or stuck: the kill below handles both
      }
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      const code = await this.exited;
      clearTimeout(timer);
      return code;
    }
    return this.exited;
  }
}
