import { createHash } from 'node:crypto';

/**
 * The key of a judge request: `sha256:` and the hex digest of the endpoint's
 * base URL and the whole request body (model, temperature, seed, response
 * format with its schema, messages): everything that shapes the reply, and
 * nothing else (not the key). The same request always has the same key; it
 * is the cache key and the hash in the audit record.
 */
export function requestKey(baseURL: string, body: object): string {
  return `sha256:${createHash('sha256')
    .update(JSON.stringify({ endpoint: baseURL.replace(/\/+$/, ''), body }))
    .digest('hex')}`;
}
