import type { OffsetMap } from '@userfn/core';

/**
 * Maps offsets in an embedded UserFn source to offsets in the document that
 * holds it, and back: for a rule's condition, the core's map (through the
 * file's escapes, quoting and folding); a `.userfn` document is its own
 * source: the identity map.
 */
export type SourceMap = OffsetMap;

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
 * A map whose document offsets moved by `delta` (an edit before the text it
 * maps). Shifting a shifted map adds the deltas, so a condition below the
 * place a user types keeps one level of wrapping however many edits come.
 */
export class ShiftedMap implements SourceMap {
  private constructor(
    private readonly inner: SourceMap,
    private readonly delta: number,
  ) {}

  static of(map: SourceMap, delta: number): SourceMap {
    if (delta === 0) return map;
    return map instanceof ShiftedMap ? new ShiftedMap(map.inner, map.delta + delta) : new ShiftedMap(map, delta);
  }

  get exact(): boolean {
    return this.inner.exact;
  }

  toDocumentSpan(start: number, end: number): { start: number; end: number } {
    const d = this.inner.toDocumentSpan(start, end);
    return { start: d.start + this.delta, end: d.end + this.delta };
  }

  toDocument(i: number): number {
    return this.inner.toDocument(i) + this.delta;
  }

  toSource(d: number): number | undefined {
    return this.inner.toSource(d - this.delta);
  }
}
