import type { IncomingMessage } from 'node:http';

/** The largest request body accepted, by default: 1 MiB (a rollout with long outputs fits; a flood does not). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A request the server refuses, with the HTTP status and a JSON error naming the problem. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a JSON request body: `application/json` only, at most `limit` bytes
 * (larger bodies are cut off as soon as they pass the limit), valid JSON.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'unsupported_media_type', `the body must be application/json (got ${type || 'no content type'})`);
  }
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) throw new HttpError(413, 'body_too_large', `the body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'body_too_large', `the body is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, 'invalid_json', `the body is not valid JSON: ${(e as Error).message}`);
  }
}

/** The body as an object, or a 400 naming what it is instead. */
export function requireObject(body: unknown, what: string): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request', `${what} must be a JSON object`);
  }
  return body as Record<string, unknown>;
}
