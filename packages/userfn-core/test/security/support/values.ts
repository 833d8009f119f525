import { Datetime, Duration } from '../../../src/common/values/time-values.js';

/*
 * Walking, freezing, copying and comparing values of any depth without
 * recursion: security tests handle contexts 100,000 levels deep, which would
 * overflow the stack of JSON.stringify, structuredClone or a recursive equal.
 */

type Members = Record<string, unknown>;

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null && !(v instanceof Datetime || v instanceof Duration);

/** Calls `visit` on every object and array reachable from `root` (each once, own enumerable members only). */
export function forEachContainer(root: unknown, visit: (o: object) => void): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!isContainer(v) || seen.has(v)) continue;
    seen.add(v);
    visit(v);
    for (const k of Object.keys(v)) stack.push((v as Members)[k]);
  }
}

/** Freezes every object and array reachable from `root`. */
export function deepFreeze<T>(root: T): T {
  forEachContainer(root, (o) => Object.freeze(o));
  return root;
}

/** A deep copy: structuredClone when it can (it keeps own `__proto__` members), else an iterative copy. */
export function deepCopy(root: unknown): unknown {
  try {
    return structuredClone(root);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const copies = new Map<object, object>();
  // First pass: an empty copy per container; second: fill members (so depth never recurses).
  forEachContainer(root, (o) => copies.set(o, Array.isArray(o) ? new Array<unknown>(o.length) : {}));
  for (const [o, c] of copies) {
    for (const k of Object.keys(o)) {
      const v = (o as Members)[k];
      Object.defineProperty(c, k, { value: isContainer(v) ? copies.get(v) : v, enumerable: true, writable: true, configurable: true });
    }
  }
  return isContainer(root) ? copies.get(root) : root;
}

/**
 * Deep equality of two values: own enumerable members, numbers by Object.is
 * except that 0 equals -0, datetimes and durations by their ISO text.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y || (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y))) continue;
    if ((x instanceof Datetime || x instanceof Duration) && (y instanceof Datetime || y instanceof Duration)) {
      if (x.constructor !== y.constructor || x.toJSON() !== y.toJSON()) return false;
      continue;
    }
    if (!isContainer(x) || !isContainer(y) || Array.isArray(x) !== Array.isArray(y)) return false;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    for (const k of kx) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([(x as Members)[k], (y as Members)[k]]);
    }
  }
  return true;
}

/** The JSON form of a result (datetimes and durations as ISO text), for comparing with a case's expectation. */
export function jsonOf(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v) ?? 'null') as unknown;
}
