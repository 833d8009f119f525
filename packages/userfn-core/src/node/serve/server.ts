import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { JudgeErrorPolicy, RuleSet } from '../../rules/types.js';
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_BUFFERED, HttpError, readJsonBody } from './body.js';
import { BodyBudget } from './budget.js';
import { describeRules, handleEvaluate, handleVerify, handleVerifyContext, type DecisionEntry, type JudgeRun, verifyRequest } from './handlers.js';
import type { JudgeBackend } from '../../rules/judge-request.js';

export interface ServeOptions {
  /** The rule set to serve; `setRuleSet` swaps it. */
  readonly ruleSet: RuleSet;
  /** Largest request body in bytes (default 32 MiB). */
  readonly bodyLimit?: number;
  /** Most request-body bytes buffered at once; beyond it requests get 503 (default 256 MiB). */
  readonly maxBuffered?: number;
  /** Where one-line logs go (default: nowhere). */
  readonly log?: (line: string) => void;
  /** More fields for `/healthz` (a worker reports its cluster here). */
  readonly health?: () => Record<string, unknown>;
  /** Sends the judge requests of judge rules (`/verify` awaits them); without one they are errors, not run. */
  readonly judge?: JudgeBackend;
  /** What a judge error does (default `fail`; `abort` answers 502). */
  readonly judgeError?: JudgeErrorPolicy;
  /** Called with every verification (`userfn serve --decision-log` appends it as a JSON line). */
  readonly decisions?: (entry: DecisionEntry) => void;
}

/** A running verification service. */
export interface VerifyService {
  readonly server: Server;
  /** Replaces the served rule set (requests already running finish with the old one). */
  setRuleSet(ruleSet: RuleSet): void;
  /**
   * Reports not-ready (`/healthz` answers 503 with `reason`) and closes each
   * connection after its next answer, while still accepting and answering.
   */
  beginDrain(reason: string): void;
  /** Stops accepting connections and resolves when in-flight requests have finished. */
  close(): Promise<void>;
  /** `beginDrain` then `close` at once. */
  drain(): Promise<void>;
}

/** How long a refused upload is read and dropped, so that the client can read the refusal before the connection closes. */
const DISCARD_MS = 10_000;

function headersFor(body: string, close: boolean): Record<string, string | number> {
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
  if (close) headers['connection'] = 'close';
  return headers;
}

function send(res: ServerResponse, status: number, payload: unknown, close: boolean, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { ...headersFor(body, close), ...extra });
  res.end(body);
}

/**
 * Answers a request whose body was not read (too large, server busy): the
 * whole answer is written at once, and the connection is closed only once the
 * client has finished sending (or after DISCARD_MS). Closing a socket with
 * unread bytes makes the kernel send a reset, and a reset can destroy the
 * answer in the client's buffers before the client reads it.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, payload: unknown, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { ...headersFor(body, true), ...extra });
  res.write(body);
  const timer = setTimeout(() => res.end(), DISCARD_MS);
  const done = () => {
    clearTimeout(timer);
    res.end();
  };
  req.once('end', done);
  req.once('close', done);
  req.resume();
}

/** Whether the request announces a body (a GET has none: it is complete once its headers are read). */
const hasBody = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** An endpoint; `body()` reads the request's JSON body, its bytes counted in the budget until the answer is written. */
type Route = (req: IncomingMessage, ruleSet: RuleSet, body: () => Promise<unknown>) => Promise<{ status: number; payload: unknown }>;

const ok = (payload: unknown) => ({ status: 200, payload });

/**
 * Verification over HTTP (`node:http`, no framework): NeMo Gym's `POST /verify`
 * and the rest. Bad requests get a 4xx with a JSON error; an internal fault a
 * 500, and the server keeps serving.
 */
export function createVerifyService(options: ServeOptions): VerifyService {
  let ruleSet = options.ruleSet;
  // While draining, /healthz says so and every answer closes its connection, so keep-alive clients do not hold the exit.
  let drainReason: string | undefined;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const budget = new BodyBudget(Math.max(options.maxBuffered ?? DEFAULT_MAX_BUFFERED, bodyLimit));
  const log = options.log ?? (() => {});
  const run: JudgeRun = { judgeError: options.judgeError ?? 'fail', ...(options.judge ? { judge: options.judge } : {}) };
  const health = options.health ?? (() => ({}));

  const routes: Record<string, Record<string, Route>> = {
    '/verify': { POST: async (req, rs, body) => ok(await handleVerify(rs, await body(), run, verifyRequest(req.url, options.decisions))) },
    '/verify-context': { POST: async (req, rs, body) => ok(await handleVerifyContext(rs, await body(), run, verifyRequest(req.url, options.decisions))) },
    '/evaluate': { POST: async (_req, _rs, body) => handleEvaluate(await body()) },
    // NeMo Gym agents call /seed_session before a rollout; a rule set keeps no per-rollout state.
    '/seed_session': {
      POST: async (_req, _rs, body) => {
        await body();
        return ok({});
      },
    },
    '/healthz': {
      GET: async (_req, rs) => {
        // Cheap: the judge endpoint is not probed.
        const facts = { rules: rs.definition.rules.length, buffered: { bytes: budget.inUse, cap: budget.cap }, ...health() };
        return drainReason === undefined ? ok({ status: 'ok', ...facts }) : { status: 503, payload: { status: 'draining', reason: drainReason, ...facts } };
      },
    },
    '/rules': { GET: async (_req, rs) => ok(describeRules(rs)) },
  };

  const server = createServer((req, res) => {
    const draining = drainReason !== undefined;
    const path = (req.url ?? '/').split('?')[0]!;
    const methods = routes[path];
    const route = methods?.[req.method ?? ''];
    // A 404 or 405 with a body closes the connection once the body is dropped (never read into memory).
    const early = hasBody(req) ? refuse.bind(null, req) : (r: ServerResponse, s: number, p: unknown, x?: Record<string, string>) => send(r, s, p, draining, x);
    if (!methods) return early(res, 404, { error: { code: 'not_found', message: `no endpoint ${path}` } });
    if (!route) {
      const allow = Object.keys(methods).join(', ');
      return early(res, 405, { error: { code: 'method_not_allowed', message: `${path} takes ${allow}` } }, { allow });
    }
    const served = ruleSet; // one rule set for the whole request, even if a reload lands meanwhile
    route(req, served, () => readJsonBody(req, bodyLimit, budget, res)).then(
      ({ status, payload }) => send(res, status, payload, draining || drainReason !== undefined),
      (e: unknown) => {
        if (e instanceof HttpError) {
          const payload = { error: { code: e.code, message: e.message } };
          if (e.bodyUnread) return refuse(req, res, e.status, payload, e.status === 503 ? { 'retry-after': '1' } : {});
          return send(res, e.status, payload, drainReason !== undefined);
        }
        log(`internal error on ${req.method} ${path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        send(res, 500, { error: { code: 'internal', message: 'internal error' } }, drainReason !== undefined);
      },
    );
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });

  const beginDrain = (reason: string) => {
    drainReason ??= reason;
  };
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  return {
    server,
    setRuleSet(next) {
      ruleSet = next;
    },
    beginDrain,
    close,
    drain() {
      beginDrain('stopping');
      return close();
    },
  };
}
