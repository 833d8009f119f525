/** Index of the first item starting at or after `offset`, in items sorted by start; `items.length` if none. */
export function firstAtOrAfter<T>(items: readonly T[], offset: number, start: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (start(items[mid]!) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
