/** A half-open range of UTF-16 offsets into the source: `start` inclusive, `end` exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A span with its 1-based line and column (computed only at the edges, from a LineIndex). */
export interface LocatedSpan extends Span {
  readonly line: number;
  readonly column: number;
}

export function span(start: number, end: number): Span {
  return { start, end };
}

/** The smallest span covering both. */
export function cover(a: Span, b: Span): Span {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}
