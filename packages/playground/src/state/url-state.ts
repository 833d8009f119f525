/**
 * The state in the URL: a share link carries the whole state compressed in
 * the hash (`#v1.` + base64url of deflate-raw JSON, with the browser's own
 * CompressionStream); plain query parameters (`?expr=…&context=…&profile=…`)
 * prefill the page from URL-encoded text.
 */
import { toBase64Url, fromBase64Url } from './base64url.js';
import { isProfile, readPartialState, type PartialState, type PlaygroundState } from './state.js';

const PREFIX = 'v1.';

/** Hashes longer than this are not written: browsers and chat tools cut long URLs (Chromium allows 2 MB). */
export const MAX_HASH_LENGTH = 1_500_000;

/** A decoded link may not inflate past this: a tiny hash must not expand into gigabytes. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** A share link that cannot be read (cut short, edited by hand, from a newer version). */
export class ShareLinkError extends Error {
  override readonly name = 'ShareLinkError';
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_INFLATED_BYTES) {
      await reader.cancel();
      throw new ShareLinkError('the share link expands to more than 64 MB');
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The hash (without `#`) that reproduces a state. */
export async function encodeShareHash(state: PlaygroundState): Promise<string> {
  const json = JSON.stringify({
    mode: state.mode,
    profile: state.profile,
    expression: state.expression,
    context: state.context,
    rules: state.rules,
    now: state.now,
  });
  return PREFIX + toBase64Url(await deflate(new TextEncoder().encode(json)));
}

/** True when a hash (with or without `#`) looks like a share link. */
export function isShareHash(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(PREFIX);
}

/** Reads a share hash (with or without `#`). Throws ShareLinkError when it cannot be read. */
export async function decodeShareHash(hash: string): Promise<PartialState> {
  const body = hash.replace(/^#/, '');
  if (!body.startsWith(PREFIX)) throw new ShareLinkError('not a share link of this playground');
  let parsed: unknown;
  try {
    const bytes = await inflate(fromBase64Url(body.slice(PREFIX.length)));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    if (e instanceof ShareLinkError) throw e;
    throw new ShareLinkError('the share link is damaged (cut short or edited?)');
  }
  const state = readPartialState(parsed);
  if (!state) throw new ShareLinkError('the share link holds no playground state');
  return state;
}

/** The query parameters a link may use to prefill the page. */
export const QUERY_PARAMETERS = ['expr', 'context', 'profile', 'mode', 'rules', 'now'] as const;

/**
 * Reads `?expr=…&context=…&profile=…` (plus `mode`, `rules`, `now`), or
 * undefined when none is present. An unknown profile or mode is ignored and
 * listed in `problems`.
 */
export function readQuery(search: string): { state: PartialState; problems: string[] } | undefined {
  const params = new URLSearchParams(search);
  if (!QUERY_PARAMETERS.some((p) => params.has(p))) return undefined;
  const state: PartialState = {};
  const problems: string[] = [];
  const expr = params.get('expr');
  if (expr !== null) state.expression = expr;
  const context = params.get('context');
  if (context !== null) state.context = context;
  const rules = params.get('rules');
  if (rules !== null) state.rules = rules;
  const now = params.get('now');
  if (now !== null) state.now = now;
  const profile = params.get('profile');
  if (profile !== null) {
    if (isProfile(profile)) state.profile = profile;
    else problems.push(`unknown profile '${profile}' in the link: using verification`);
  }
  const mode = params.get('mode');
  if (mode !== null) {
    if (mode === 'expression' || mode === 'rules') state.mode = mode;
    else problems.push(`unknown mode '${mode}' in the link (use expression or rules)`);
  }
  // A link with rules and no mode means the rule-set mode.
  if (state.mode === undefined && rules !== null && expr === null) state.mode = 'rules';
  return { state, problems };
}
