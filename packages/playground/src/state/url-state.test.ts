import { describe, expect, it } from 'vitest';
import { toBase64Url } from './base64url.js';
import { defaultState, type PlaygroundState } from './state.js';
import { decodeShareHash, encodeShareHash, isShareHash, readQuery, ShareLinkError } from './url-state.js';

const state: PlaygroundState = {
  mode: 'rules',
  profile: 'reranker',
  expression: "get('$.score') * 2 // é ✓ \u{1F600}",
  context: '{ "score": 0.62, "text": "l\'été" }',
  rules: 'rules:\n  - id: a\n    condition: true\n',
  now: '2026-11-21T12:00:00Z',
};

describe('share hash', () => {
  it('round-trips every field, Unicode included', async () => {
    const hash = await encodeShareHash(state);
    expect(isShareHash(hash)).toBe(true);
    expect(isShareHash(`#${hash}`)).toBe(true);
    expect(hash).toMatch(/^v1\.[A-Za-z0-9_-]+$/); // URL-safe as it is: nothing to escape
    expect(await decodeShareHash(`#${hash}`)).toEqual(state);
  });

  it('compresses: a repetitive context takes far fewer characters than its JSON', async () => {
    const big = { ...defaultState(), context: JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: 'item' })) }) };
    const hash = await encodeShareHash(big);
    expect(hash.length).toBeLessThan(big.context.length / 4);
    expect((await decodeShareHash(hash)).context).toBe(big.context);
  });

  it('rejects damaged, foreign and empty links with a ShareLinkError', async () => {
    const hash = await encodeShareHash(state);
    await expect(decodeShareHash(hash.slice(0, hash.length - 8))).rejects.toBeInstanceOf(ShareLinkError);
    await expect(decodeShareHash('v1.not*base64')).rejects.toBeInstanceOf(ShareLinkError);
    await expect(decodeShareHash('section-2')).rejects.toThrow(/not a share link/);
    expect(isShareHash('#section-2')).toBe(false);
    const notState =
      'v1.' + toBase64Url(new Uint8Array(await new Response(new Blob(['[1,2]']).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer()));
    await expect(decodeShareHash(notState)).rejects.toThrow(/no playground state/);
  });

  it('refuses a link that would inflate past 64 MB', async () => {
    const zeros = new Uint8Array(70 * 1024 * 1024);
    const bomb = new Uint8Array(await new Response(new Blob([zeros]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    await expect(decodeShareHash('v1.' + toBase64Url(bomb))).rejects.toThrow(/more than 64 MB/);
  });

  it('keeps only well-typed fields of a decoded state', async () => {
    const json = JSON.stringify({ mode: 'other', profile: 'nope', expression: 42, context: '{}', now: '' });
    const bytes = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    expect(await decodeShareHash('v1.' + toBase64Url(bytes))).toEqual({ context: '{}', now: '' });
  });
});

describe('query parameters', () => {
  it('reads expr, context and profile as URL-encoded text', () => {
    const q = `?expr=${encodeURIComponent("get('$.a') + 1")}&context=${encodeURIComponent('{"a": 2}')}&profile=any`;
    expect(readQuery(q)).toEqual({ state: { expression: "get('$.a') + 1", context: '{"a": 2}', profile: 'any' }, problems: [] });
  });

  it('gives undefined without any of its parameters (other parameters are not ours)', () => {
    expect(readQuery('')).toBeUndefined();
    expect(readQuery('?utm_source=x')).toBeUndefined();
  });

  it('keeps a + as a space, as forms encode it, and %2B as a plus', () => {
    expect(readQuery('?expr=1+%2B+2')?.state.expression).toBe('1 + 2');
  });

  it('ignores an unknown profile or mode and says so', () => {
    const r = readQuery('?profile=ranker&mode=table&expr=1');
    expect(r?.state).toEqual({ expression: '1' });
    expect(r?.problems).toEqual(["unknown profile 'ranker' in the link: using verification", "unknown mode 'table' in the link (use expression or rules)"]);
  });

  it('opens the rule-set mode for a link with only a rule set', () => {
    expect(readQuery('?rules=%7B%7D')?.state).toEqual({ rules: '{}', mode: 'rules' });
    expect(readQuery('?rules=%7B%7D&expr=1')?.state.mode).toBeUndefined();
  });

  it('reads now and mode', () => {
    expect(readQuery('?now=2026-01-01T00:00:00Z&mode=expression')?.state).toEqual({ now: '2026-01-01T00:00:00Z', mode: 'expression' });
  });
});
