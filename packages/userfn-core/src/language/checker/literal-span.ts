import type { Span } from '../../common/diagnostics/span.js';

/**
 * Maps a range of a string literal's decoded value back to the source. The
 * literal's span includes its quotes; inside, a doubled quote (`''`) is one
 * character of the value, so offsets after it shift by one.
 */
export function stringLiteralSpan(source: string, literal: Span, offset: number, length: number): Span {
  const quote = source[literal.start];
  const contentEnd = Math.max(literal.start + 1, literal.end - 1);
  const toSource = (valueOffset: number): number => {
    let si = literal.start + 1;
    let vi = 0;
    while (vi < valueOffset && si < contentEnd) {
      si += source[si] === quote && source[si + 1] === quote ? 2 : 1;
      vi++;
    }
    return si;
  };
  const start = toSource(offset);
  const end = Math.max(start, toSource(offset + length));
  return { start, end };
}
