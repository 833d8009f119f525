/**
 * The value of a UserFn string literal token with, for every value unit, the
 * source offset that encodes it (`''` is one quote), so offsets found inside
 * the value (a JSONPath error, a path segment) map back to the source.
 */
import type { LexToken } from '@userfn/core';

/** A decoded string literal. */
export interface LiteralValue {
  readonly value: string;
  /** `starts[i]`: source offset of value unit i; `starts[value.length]`: the closing quote (or the token end). */
  readonly starts: readonly number[];
  /** The quote the literal opens with (a double quote is a syntax error, but editing still works inside it). */
  readonly quote: string;
  /** True when the closing quote is there. */
  readonly closed: boolean;
}

/** Decodes a string token. */
export function literalValue(token: LexToken): LiteralValue {
  const image = token.image;
  const quote = image[0] ?? "'";
  const base = token.span.start;
  let value = '';
  const starts: number[] = [];
  let i = 1;
  let closed = false;
  while (i < image.length) {
    const c = image[i]!;
    if (c === quote) {
      if (quote === "'" && image[i + 1] === "'") {
        starts.push(base + i);
        value += "'";
        i += 2;
        continue;
      }
      closed = i === image.length - 1;
      break;
    }
    starts.push(base + i);
    value += c;
    i++;
  }
  starts.push(base + i);
  return { value, starts, quote, closed };
}

/** The value offset at source offset `o` (clamped into the literal). */
export function valueOffsetAt(lit: LiteralValue, o: number): number {
  let k = 0;
  while (k < lit.starts.length - 1 && lit.starts[k + 1]! <= o) k++;
  return k;
}

/** Source offset of value offset `i`. */
export function sourceOffsetOf(lit: LiteralValue, i: number): number {
  return lit.starts[Math.max(0, Math.min(i, lit.starts.length - 1))]!;
}

/** Escapes text for insertion inside a literal opened with `quote`. */
export function escapeInLiteral(text: string, quote: string): string {
  return quote === "'" ? text.replaceAll("'", "''") : text;
}
