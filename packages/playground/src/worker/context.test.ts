import { expect, it } from 'vitest';
import { contextStatus, parseContext } from './context.js';

it('parses JSON, treats blank text as null, and explains invalid JSON', () => {
  expect(parseContext('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] }, chars: 10 });
  expect(parseContext('  \n')).toEqual({ ok: true, value: null, chars: 3 });
  const bad = parseContext('{"a": }');
  expect(bad.ok).toBe(false);
  expect(contextStatus(bad)).toMatchObject({ ok: false, chars: 7, message: expect.stringMatching(/^the context is not valid JSON: /) });
  expect(contextStatus(parseContext('1'))).toEqual({ ok: true, chars: 1 });
});
