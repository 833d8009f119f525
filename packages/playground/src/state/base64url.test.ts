import { expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url.js';

it('round-trips any bytes, long ones included, without padding or +/', () => {
  for (const n of [0, 1, 2, 3, 4, 255, 0x8000, 0x8001, 40_000]) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 7919) % 256);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  }
});

it('matches RFC 4648 §5 and accepts padding on input', () => {
  expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  expect(fromBase64Url('-_8=')).toEqual(new Uint8Array([0xfb, 0xff]));
  expect(() => fromBase64Url('a+b')).toThrow();
});
