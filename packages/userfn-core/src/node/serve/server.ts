import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RuleSet } from '../../rules/types.js';
import { DEFAULT_BODY_LIMIT, HttpError, readJsonBody } from './body.js';
import { describeRules, handleEvaluate, handleVerify, handleVerifyContext, verifyRequest, type DecisionEntry } from './handlers.js';

export interface ServeOptions {
  /** The rule set to serve; `reload` swaps it. */
  readonly ruleSet: RuleSet;
  /** Largest request body in bytes (default 1 MiB). */
  readonly bodyLimit?: number;
  /** Where one-line logs go (default: nowhere). */
  readonly log?: (line: string) => void;
  /** Called with every verification (`userfn serve --decision-log` appends it as a JSON line). */
  readonly decisions?: (entry: DecisionEntry) => void;
}

/** A running verification service. */
export interface VerifyService {
  readonly server: Server;
  /** Replaces the served rule set (requests already running finish with the old one). */
  setRuleSet(ruleSet: RuleSet): void;
  /** Stops accepting connections and resolves when in-flight requests have finished. */
  drain(): Promise<void>;
}

function send(res: ServerResponse, status: number, payload: unknown, close = false): void {
  const body = JSON.stringify(payload);
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
  if (close) headers['connection'] = 'close';
  res.writeHead(status, headers);
  res.end(body);
}

type Route = (req: IncomingMessage, ruleSet: RuleSet, bodyLimit: number, decisions?: (entry: DecisionEntry) => void) => Promise<{ status: number; payload: unknown }>;

const ok = (payload: unknown) => ({ status: 200, payload });

const ROUTES: Record<string, Record<string, Route>> = {
  '/verify': { POST: async (req, rs, limit, d) => ok(handleVerify(rs, await readJsonBody(req, limit), verifyRequest(req.url, d))) },
  '/verify-context': { POST: async (req, rs, limit, d) => ok(handleVerifyContext(rs, await readJsonBody(req, limit), verifyRequest(req.url, d))) },
  '/evaluate': { POST: async (req, _rs, limit) => handleEvaluate(await readJsonBody(req, limit)) },
  // NeMo Gym agents call /seed_session before a rollout; a rule set keeps no per-rollout state.
  '/seed_session': {
    POST: async (req, _rs, limit) => {
      await readJsonBody(req, limit);
      return ok({});
    },
  },
  '/healthz': { GET: async (_req, rs) => ok({ status: 'ok', rules: rs.rules.length }) },
  '/rules': { GET: async (_req, rs) => ok(describeRules(rs)) },
};

/**
 * Verification over HTTP (`node:http`, no framework): NeMo Gym's `POST /verify`
 * and the rest. Bad requests get a 4xx with a JSON error; an internal fault a
 * 500, and the server keeps serving.
 */
export function createVerifyService(options: ServeOptions): VerifyService {
  let ruleSet = options.ruleSet;
  // While draining, every answer closes its connection, so keep-alive clients do not hold the exit.
  let draining = false;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const log = options.log ?? (() => {});

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const methods = ROUTES[path];
    const route = methods?.[req.method ?? ''];
    if (!methods) return send(res, 404, { error: { code: 'not_found', message: `no endpoint ${path}` } }, draining);
    if (!route) {
      res.setHeader('allow', Object.keys(methods).join(', '));
      return send(res, 405, { error: { code: 'method_not_allowed', message: `${path} takes ${Object.keys(methods).join(', ')}` } }, draining);
    }
    const served = ruleSet; // one rule set for the whole request, even if a reload lands meanwhile
    route(req, served, bodyLimit, options.decisions).then(
      ({ status, payload }) => send(res, status, payload, draining),
      (e: unknown) => {
        if (e instanceof HttpError) {
          // The rest of an over-large body is not read: close the connection after answering.
          return send(res, e.status, { error: { code: e.code, message: e.message } }, draining || e.status === 413);
        }
        log(`internal error on ${req.method} ${path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        send(res, 500, { error: { code: 'internal', message: 'internal error' } }, draining);
      },
    );
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });

  return {
    server,
    setRuleSet(next) {
      ruleSet = next;
    },
    drain() {
      draining = true;
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
