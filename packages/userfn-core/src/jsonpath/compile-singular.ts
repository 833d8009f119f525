import type { PathSegment } from './ast.js';

/**
 * The hot path: reading one value through a singular query (`$.a.b`,
 * `$.list[0]`). Each getter is a closure specialised at compile time (names
 * and indices captured as constants; 1-3 segments unrolled, a loop beyond)
 * that allocates nothing.
 *
 * Own properties only, and no read ever reaches a prototype (where a getter
 * put on `Object.prototype` by other code, even after the path was compiled,
 * would run), without paying for a hasOwnProperty call (or an un-inlined
 * Object.getPrototypeOf) on every read: both cost more than the rest of the
 * read together. A member step
 *   1. rejects primitives and arrays (arrays have no members);
 *   2. takes the general route below (hasOwnProperty first) when the name is
 *      a property of Object.prototype now (`__proto__`, `constructor`,
 *      `toString`, or a name polluted in): an `in` test against a constant
 *      object, which the engine answers from its inline cache;
 *   3. reads `o[k]`: when o's prototype is Object.prototype, which (step 2)
 *      lacks k, the value found is o's own, or undefined;
 *   4. requires o's prototype to be Object.prototype (the load in step 3
 *      checks o's hidden class, which is what lets the engine fold this test
 *      to a constant), else it falls back to the general route
 *      (null-prototype and other-realm plain objects are accepted there;
 *      class instances are leaves and give nothing).
 * Array elements are read the same way: directly when no prototype has the
 * index (holes are absent), else through hasOwnProperty.
 *
 * One consequence of step 3: for a class instance (a leaf), `o[k]` is read
 * before it is discarded, so a getter its class defines for that name would
 * run (as would one on another realm's Object.prototype). JSON values have no
 * getters; the toolkit's Datetime/Duration neither.
 *
 * The helpers live in this module, not imported, so that no module-namespace
 * indirection sits on the path.
 */

/** One step of a singular query: a member name or an array index (negative counts from the end). */
export type SingularKey = string | number;

/** Reads a singular query's value from a node; undefined when absent. */
export type SingularGetter = (node: unknown) => unknown;

type Members = Record<string, unknown>;

const hasOwn = Object.prototype.hasOwnProperty;
const getProto = Object.getPrototypeOf;
const objectProto = Object.prototype as unknown as Members;
const arrayProto = Array.prototype as unknown as Record<number, unknown>;
const isArray = Array.isArray;

/** Own member `k` of any plain object, hasOwnProperty first (the general route). */
function memberChecked(o: unknown, k: string): unknown {
  if (typeof o !== 'object' || o === null) return undefined;
  const p: object | null = getProto(o);
  // A plain object's prototype has no prototype of its own; an array's or a class instance's does.
  if (p !== null && getProto(p) !== null) return undefined;
  return hasOwn.call(o, k) ? (o as Members)[k] : undefined;
}

/** Own element `i` (>= 0) of an array; holes and out-of-range indices are absent. */
function element(o: unknown, i: number): unknown {
  if (!isArray(o) || i >= o.length) return undefined;
  // A hole would read through to the prototypes: read directly only when none has index i.
  return !(i in arrayProto) || hasOwn.call(o, i) ? o[i] : undefined;
}

/** Own element `length + i` (i < 0) of an array. */
function elementFromEnd(o: unknown, i: number): unknown {
  if (!isArray(o)) return undefined;
  const j = o.length + i;
  if (j < 0) return undefined;
  return !(j in arrayProto) || hasOwn.call(o, j) ? o[j] : undefined;
}

/** The keys of a singular query's segments (the caller has checked it is singular). */
export function singularKeys(segments: readonly PathSegment[]): SingularKey[] {
  return segments.map((s) => {
    const sel = s.selectors[0]!;
    if (sel.kind === 'name') return sel.name;
    if (sel.kind === 'index') return sel.index;
    throw new TypeError('not a singular query');
  });
}

/** Builds the getter for a singular query given its keys. */
export function compileSingularGet(keys: readonly SingularKey[]): SingularGetter {
  switch (keys.length) {
    case 0:
      return (node) => node;
    case 1:
      return get1(keys[0]!);
    case 2:
      return get2(keys[0]!, keys[1]!);
    case 3:
      return get3(keys[0]!, keys[1]!, keys[2]!);
    default:
      return getMany(keys);
  }
}

/*
 * get1/get2/get3 repeat the same step once per segment instead of calling a
 * shared helper: a property-load site in a shared helper would see every
 * segment's name and go polymorphic even for one path, while a site per
 * position stays monomorphic for a given path. Index steps may use helpers:
 * element loads are cached by array kind, not by index.
 */

function get1(k0: SingularKey): SingularGetter {
  return (o) => {
    if (typeof k0 === 'number') return k0 >= 0 ? element(o, k0) : elementFromEnd(o, k0);
    if (typeof o !== 'object' || o === null || isArray(o)) return undefined;
    if (k0 in objectProto) return memberChecked(o, k0);
    const v = (o as Members)[k0];
    if (v === undefined || getProto(o) === objectProto) return v;
    return memberChecked(o, k0);
  };
}

function get2(k0: SingularKey, k1: SingularKey): SingularGetter {
  return (o) => {
    let a: unknown;
    if (typeof k0 === 'number') a = k0 >= 0 ? element(o, k0) : elementFromEnd(o, k0);
    else if (typeof o !== 'object' || o === null || isArray(o)) return undefined;
    else if (k0 in objectProto) a = memberChecked(o, k0);
    else {
      a = (o as Members)[k0];
      if (a === undefined) return undefined;
      if (getProto(o) !== objectProto) a = memberChecked(o, k0);
    }
    if (typeof k1 === 'number') return k1 >= 0 ? element(a, k1) : elementFromEnd(a, k1);
    if (typeof a !== 'object' || a === null || isArray(a)) return undefined;
    if (k1 in objectProto) return memberChecked(a, k1);
    const v = (a as Members)[k1];
    if (v === undefined || getProto(a) === objectProto) return v;
    return memberChecked(a, k1);
  };
}

function get3(k0: SingularKey, k1: SingularKey, k2: SingularKey): SingularGetter {
  return (o) => {
    let a: unknown;
    if (typeof k0 === 'number') a = k0 >= 0 ? element(o, k0) : elementFromEnd(o, k0);
    else if (typeof o !== 'object' || o === null || isArray(o)) return undefined;
    else if (k0 in objectProto) a = memberChecked(o, k0);
    else {
      a = (o as Members)[k0];
      if (a === undefined) return undefined;
      if (getProto(o) !== objectProto) a = memberChecked(o, k0);
    }
    let b: unknown;
    if (typeof k1 === 'number') b = k1 >= 0 ? element(a, k1) : elementFromEnd(a, k1);
    else if (typeof a !== 'object' || a === null || isArray(a)) return undefined;
    else if (k1 in objectProto) b = memberChecked(a, k1);
    else {
      b = (a as Members)[k1];
      if (b === undefined) return undefined;
      if (getProto(a) !== objectProto) b = memberChecked(a, k1);
    }
    if (typeof k2 === 'number') return k2 >= 0 ? element(b, k2) : elementFromEnd(b, k2);
    if (typeof b !== 'object' || b === null || isArray(b)) return undefined;
    if (k2 in objectProto) return memberChecked(b, k2);
    const v = (b as Members)[k2];
    if (v === undefined || getProto(b) === objectProto) return v;
    return memberChecked(b, k2);
  };
}

/** Reads `tail` from what `head` reads. */
function chain(head: SingularGetter, tail: SingularGetter): SingularGetter {
  return (o) => {
    const a = head(o);
    return a === undefined ? undefined : tail(a);
  };
}

/**
 * Four or more segments. Up to six, the path is split into runs read by
 * get3, get2 and get1 in turn: different functions, so no property-load site
 * serves two segments. Segments past the sixth are read in a loop through
 * the general route (its sites are shared, so they cost more each).
 */
function getMany(keys: readonly SingularKey[]): SingularGetter {
  const n = keys.length;
  const head = get3(keys[0]!, keys[1]!, keys[2]!);
  if (n === 4) return chain(head, get1(keys[3]!));
  if (n === 5) return chain(head, get2(keys[3]!, keys[4]!));
  const six = chain(head, chain(get2(keys[3]!, keys[4]!), get1(keys[5]!)));
  if (n === 6) return six;
  const rest = keys.slice(6);
  const m = rest.length;
  return chain(six, (node) => {
    let cur = node;
    for (let s = 0; s < m && cur !== undefined; s++) {
      const key = rest[s]!;
      if (typeof key === 'number') cur = key >= 0 ? element(cur, key) : elementFromEnd(cur, key);
      else cur = memberChecked(cur, key);
    }
    return cur;
  });
}
