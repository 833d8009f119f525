import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyBudget } from './budget.js';
import { JsonWeight } from './json-weight.js';

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
const tooHeavy = (cap: number) =>
  new HttpError(
    413,
    'body_too_heavy',
    `the body would take more than ${cap} bytes of memory once parsed (each object, array and string counts at its size in memory; see --max-buffered)`,
    true,
  );

/**
 * Reads a JSON request body: `application/json` only, at most `limit` bytes
 * (a larger one is refused as soon as its declared length or its bytes pass
 * the limit), valid JSON. Its weight is reserved in `budget` as it arrives
 * and stays reserved until `answered` closes (the answer written, or the
 * connection lost): the parsed value lives until then, and a request that
 * awaits a judge holds it for seconds, so it must count as much as the bytes
 * still arriving. The weight is the larger of the bytes and what they will
 * take once parsed (json-weight.ts: JSON crafted to parse large, such as
 * millions of empty objects, weighs 21 times its text); a body that alone
 * weighs more than the whole budget is refused (413), one that does not fit
 * beside the others gets 503. A refused or invalid body gives its weight back
 * at once.
 *
 * Reads with listeners, not `for await`: leaving an async iterator early
 * destroys the request, and with it the socket the refusal must be sent on.
 */
export function readJsonBody(req: IncomingMessage, limit: number, budget: BodyBudget, answered: ServerResponse): Promise<unknown> {
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
    const weight = new JsonWeight();
    // what this body holds in the budget: its weight so far
    let held = 0;
    // Settled once: a request refused mid-body can still emit 'error' or 'close' later (the client
    // resets while its refusal is read and dropped), and giving its bytes back twice would push the
    // budget below zero, and --max-buffered up by as much, for good.
    let settled = false;
    const stop = (e: Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      budget.release(held);
      chunks.length = 0;
      reject(e);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return stop(tooLarge(limit));
      weight.add(chunk);
      // (the weight can drop a little, when a string counted as a value turns out to be a key: what is held stays)
      const now = weight.weight;
      if (now > held) {
        if (now > budget.cap) return stop(tooHeavy(budget.cap));
        if (!budget.reserve(now - held)) return stop(busy());
        held = now;
      }
      size += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      settled = true;
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch (e) {
        budget.release(held);
        return reject(new HttpError(400, 'invalid_json', `the body is not valid JSON: ${(e as Error).message}`));
      } finally {
        chunks.length = 0;
      }
      const release = () => budget.release(held);
      if (answered.closed) release();
      else answered.once('close', release);
      resolve(value);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    // The client went away before the end of its body: no one reads the answer, but its weight is given back.
    const gone = () => stop(new HttpError(400, 'incomplete_body', 'the connection closed before the whole body arrived'));
    req.on('error', gone);
    req.once('close', gone);
  });
}

/** The body as an object, or a 400 naming what it is instead. */
export function requireObject(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request', `${what} must be a JSON object`);
  }
  return body as Record<string, unknown>;
}
