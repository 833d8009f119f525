import { expect, it } from 'vitest';
import { breakPoints, formatBytes, formatMs, formatScore } from './format.js';

it('formats sizes, durations and scores for people', () => {
  expect([512, 4_000, 12_345_678].map(formatBytes)).toEqual(['512 B', '4.0 kB', '12.3 MB']);
  expect([0, 0.05, 0.1, 3.14, 1250.4].map(formatMs)).toEqual(['< 0.1 ms', '< 0.1 ms', '0.1 ms', '3.1 ms', '1,250 ms']);
  expect([0.875, 1, 2 / 3].map(formatScore)).toEqual(['0.875', '1', '0.667']);
});

it('cuts an expression between names, never inside a name or a number', () => {
  expect(breakPoints("called_in_order(['lookup_account', 'verify_identity']) and get('$.output.score') >= 0.95")).toEqual([
    'called_in_order(',
    '[',
    "'lookup_account', ",
    "'verify_identity']) ",
    'and ',
    'get(',
    "'$.",
    'output.',
    "score') ",
    '>= ',
    '0.95',
  ]);
  const text = "json_get(get('$.tools.process_refund.outputs.latest'), '$.status') == 'ok'";
  expect(breakPoints(text).join('')).toBe(text);
  expect(breakPoints('x')).toEqual(['x']);
});
