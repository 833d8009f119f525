import type { IncomingMessage } from 'node:http';
import type { BodyBudget } from './budget.js';

/**
 * The largest request body accepted, by default: 32 MiB. A rollout collected
 * for RL training carries token ids and log-probabilities beside its text; a
 * single-turn 128k-token rollout weighs about 3–5 MB as NeMo Gym sends it, a
 * multi-turn one repeats each turn's prompt ids (bench/src/rollout-size.mjs
 * measures both; the README has the numbers). 32 MiB leaves room for the
 * multi-turn case and still refuses a flood.
 */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;

/** Bytes of request bodies buffered at once in one process, by default: 256 MiB (eight bodies at the limit). */
export const DEFAULT_MAX_BUFFERED = 256 * 1024 * 1024;

/** A request the server refuses, with the HTTP status and a JSON error naming the problem. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The request body was not read to its end: the answer must close the connection. */
    readonly bodyUnread = false,
  ) {
    super(message);
  }
}

const tooLarge = (limit: number) => new HttpError(413, 'body_too_large', `the body is larger than ${limit} bytes (see --body-limit)`, true);
const busy = () => new HttpError(503, 'server_busy', 'too many request bytes in flight; retry shortly', true);

/**
 * Reads a JSON request body: `application/json` only, at most `limit` bytes
 * (a larger one is refused as soon as its declared length or its bytes pass
 * the limit), its bytes reserved in `budget` while buffered, valid JSON.
 *
 * Reads with listeners, not `for await`: leaving an async iterator early
 * destroys the request, and with it the socket the refusal must be sent on.
 */
export function readJsonBody(req: IncomingMessage, limit: number, budget: BodyBudget): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return Promise.reject(new HttpError(415, 'unsupported_media_type', `the body must be application/json (got ${type || 'no content type'})`, true));
  }
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  if (declared > budget.cap - budget.inUse) return Promise.reject(busy());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (e: Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      budget.release(size);
      chunks.length = 0;
      reject(e);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return stop(tooLarge(limit));
      if (!budget.reserve(chunk.length)) return stop(busy());
      size += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      // The reservation covers the bytes until they are parsed: the copies made here are bounded by it too.
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (e) {
        reject(new HttpError(400, 'invalid_json', `the body is not valid JSON: ${(e as Error).message}`));
      } finally {
        chunks.length = 0;
        budget.release(size);
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', (e) => stop(e));
  });
}

/** The body as an object, or a 400 naming what it is instead. */
export function requireObject(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request', `${what} must be a JSON object`);
  }
  return body as Record<string, unknown>;
}
