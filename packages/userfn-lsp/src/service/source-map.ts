/**
 * Maps offsets in an embedded UserFn source (a condition decoded from a JSON or
 * YAML string) to offsets in the file that holds it, and back. A `.userfn`
 * document is its own source: the identity map.
 */
export interface SourceMap {
  /** Document offset of source offset `i` (0 ≤ i ≤ source length; clamped). */
  toDocument(i: number): number;
  /** Document span of the source span [start, end). */
  toDocumentSpan(start: number, end: number): { start: number; end: number };
  /** Source offset at document offset `d`, or undefined when `d` lies outside the embedded text. */
  toSource(d: number): number | undefined;
  /** True when every source character maps to the exact text that encodes it. */
  readonly exact: boolean;
}

/** The map of a document that is the source itself. */
export class IdentityMap implements SourceMap {
  readonly exact = true;
  constructor(private readonly length: number) {}

  toDocumentSpan(start: number, end: number): { start: number; end: number } {
    return { start: this.toDocument(start), end: this.toDocument(Math.max(start, end)) };
  }

  toDocument(i: number): number {
    return Math.max(0, Math.min(i, this.length));
  }

  toSource(d: number): number | undefined {
    return d >= 0 && d <= this.length ? d : undefined;
  }
}

/**
 * A map built while decoding a string literal: `starts[i]` is the document
 * offset where the encoding of source character `i` begins, and
 * `starts[length]` is where the literal's content ends. Several document
 * characters may encode one source character (`\u0041`, `''`, a folded line
 * break), never the reverse, so `starts` never decreases.
 */
export class OffsetTableMap implements SourceMap {
  readonly exact = true;
  constructor(private readonly starts: readonly number[]) {}

  toDocumentSpan(start: number, end: number): { start: number; end: number } {
    return { start: this.toDocument(start), end: this.toDocument(Math.max(start, end)) };
  }

  toDocument(i: number): number {
    const last = this.starts.length - 1;
    return this.starts[Math.max(0, Math.min(i, last))]!;
  }

  toSource(d: number): number | undefined {
    const s = this.starts;
    if (s.length === 0 || d < s[0]! || d > s[s.length - 1]!) return undefined;
    // the last source index whose encoding starts at or before d
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= d) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/**
 * The fallback when a literal could not be decoded exactly (a YAML corner the
 * decoder does not model): every span covers the whole literal, and the cursor
 * is never "inside" it, so completion and hover stay silent rather than wrong.
 */
export class CoarseMap implements SourceMap {
  readonly exact = false;
  constructor(
    private readonly start: number,
    private readonly end: number,
    private readonly length: number,
  ) {}

  toDocument(i: number): number {
    return i >= this.length && i > 0 ? this.end : this.start;
  }

  toDocumentSpan(): { start: number; end: number } {
    return { start: this.start, end: this.end };
  }

  toSource(): number | undefined {
    return undefined;
  }
}
