/**
 * RFC 9535 §2.3.4.2.2 slice semantics. The bounds are computed once per array;
 * the caller then walks `first`, `first + step`, ... while `inRange` holds, so
 * no index list is ever materialised.
 */
export interface SliceBounds {
  /** First index to visit. */
  readonly first: number;
  /** Exclusive limit in the walking direction (`i < limit` for step > 0, `i > limit` for step < 0). */
  readonly limit: number;
  readonly step: number;
}

function normalize(i: number, len: number): number {
  return i >= 0 ? i : len + i;
}

/** The walk for `[start:end:step]` over an array of length `len`; null when it selects nothing (e.g. step 0). */
export function sliceBounds(start: number | null, end: number | null, step: number | null, len: number): SliceBounds | null {
  const s = step ?? 1;
  if (s === 0 || len === 0) return null;
  if (s > 0) {
    const lower = Math.min(Math.max(normalize(start ?? 0, len), 0), len);
    const upper = Math.min(Math.max(normalize(end ?? len, len), 0), len);
    return lower < upper ? { first: lower, limit: upper, step: s } : null;
  }
  const upper = Math.min(Math.max(normalize(start ?? len - 1, len), -1), len - 1);
  const lower = Math.min(Math.max(normalize(end ?? -len - 1, len), -1), len - 1);
  return lower < upper ? { first: upper, limit: lower, step: s } : null;
}

/** The indices a slice selects, in order (for tests and tools; the engine walks the bounds directly). */
export function sliceIndices(start: number | null, end: number | null, step: number | null, len: number): number[] {
  const b = sliceBounds(start, end, step, len);
  const out: number[] = [];
  if (b === null) return out;
  if (b.step > 0) for (let i = b.first; i < b.limit; i += b.step) out.push(i);
  else for (let i = b.first; i > b.limit; i += b.step) out.push(i);
  return out;
}
