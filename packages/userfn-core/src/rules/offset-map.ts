/**
 * Maps offsets in a text embedded in a file (a rule's condition, decoded from
 * a JSON or YAML string) to offsets in the file, and back. Editors place
 * diagnostics, completions and edits with it; the loader places condition
 * errors on their file line.
 */
export interface OffsetMap {
  /** File offset of embedded offset `i` (0 ≤ i ≤ the embedded text's length; clamped). */
  toDocument(i: number): number;
  /** File span of the embedded span [start, end). */
  toDocumentSpan(start: number, end: number): { start: number; end: number };
  /** Embedded offset at file offset `d`, or undefined when `d` lies outside the embedded text. */
  toSource(d: number): number | undefined;
  /** True when every embedded character maps to the exact text that encodes it. */
  readonly exact: boolean;
}

/**
 * A map built while decoding a string literal: `starts[i]` is the file
 * offset where the encoding of embedded character `i` begins, and
 * `starts[length]` is where the literal's content ends. Several file
 * characters may encode one embedded character (`\u0041`, `''`, a folded line
 * break), never the reverse, so `starts` never decreases.
 */
export class OffsetTableMap implements OffsetMap {
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
    // the last embedded index whose encoding starts at or before d
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
 * decoder does not model, or an alias whose text is at its anchor): every span covers the whole literal, and the cursor
 * is never "inside" it, so completion and hover stay silent rather than wrong.
 */
export class CoarseMap implements OffsetMap {
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
