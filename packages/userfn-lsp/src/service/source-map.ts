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
