import type { PathSegment } from './ast.js';

/**
 * The hot path: reading one value through a singular query (`$.a.b`,
 * `$.list[0]`). Each getter is a closure specialised at compile time (names
 * and indices captured as constants; all-member paths of up to three
 * segments in one closure, other paths chained, a loop past the third
 * segment) that reads each member through the step of its name (below) and
 * allocates nothing.
 *
 * Own properties only, and no read ever reaches a prototype (where a getter
 * put on `Object.prototype` by other code, even after the path was compiled,
 * would run), without paying for a hasOwnProperty call (or an un-inlined
 * Object.getPrototypeOf) on every read: both cost more than the rest of the
 * read together. A member step
 *   1. rejects primitives;
 *   2. takes the general route below (hasOwnProperty first) when the name is
 *      a property of Object.prototype now (`__proto__`, `constructor`,
 *      `toString`, or a name polluted in): an `in` test against a constant
 *      object, which the engine answers from its inline cache;
 *   3. requires o's prototype to be Object.prototype, else it takes the
 *      general route (null-prototype and other-realm plain objects are read
 *      there; arrays, which have no members, and class instances, which are
 *      leaves, give nothing, and nothing of theirs is read). The `'' in o`
 *      before it reads no property and runs no getter (only a Proxy's trap);
 *      it makes the engine check o's hidden class, which lets it fold the
 *      prototype test to a constant (an Array.isArray test here cost as much
 *      as the rest of the step);
 *   4. reads `o[k]`: o's prototype is Object.prototype, which lacks k (step
 *      2), so the value found is o's own, or undefined.
 * Array elements are read the same way: directly when no prototype has the
 * index (holes are absent), else through hasOwnProperty.
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

/**
 * Hands out copies of a function (the member steps and the getters below):
 * the next copy, in turn, to each of the first `remember` keys (short ones:
 * keys come from what users write), the same copy to a key seen before, and
 * to any later key a copy chosen by a hash of it, so a process that meets
 * ever new keys keeps no more of them and a key always gets the same copy.
 * Exported for tests.
 */
export class CopyPool<F> {
  private readonly given = new Map<string, F>();

  constructor(
    private readonly copies: readonly F[],
    private readonly remember: number,
  ) {}

  /** How many keys it remembers. */
  get remembered(): number {
    return this.given.size;
  }

  for(key: string): F {
    const known = this.given.get(key);
    if (known !== undefined) return known;
    if (this.given.size < this.remember && key.length <= 256) {
      const copy = this.copies[this.given.size % this.copies.length]!;
      this.given.set(key, copy);
      return copy;
    }
    let h = 0;
    for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
    return this.copies[(h >>> 0) % this.copies.length]!;
  }
}

/**
 * Member reads, one step each. Why 128 identical functions: the engine keeps
 * a property-load site's feedback per function, not per closure, so in one
 * shared step every member name a process reads would meet at the same site,
 * which then goes megamorphic (a generic lookup, and the `in` test and
 * prototype test below stop folding): three reads of `$.output.*` cost about
 * 60 ns more that way. Each of the first 128 distinct names of the process is
 * given a copy of its own, whose site sees that name only and stays fast;
 * later names share a copy by a hash (those copies' sites see several names,
 * as the one shared site did). There were 16 copies: a rule set reads more
 * names than that (the bench's support contract reads 43), and the names past
 * the 16th met at shared sites: with 64 copies, in the bench's shared process
 * (bench/README.md), `get('$.tools.search') != null` went from 101 to 46 ns
 * and the contract from 4,850 to 4,290 ns; 128 leaves room for a host that
 * runs several rule sets (unused copies are never compiled). Steps 1-4 of the
 * member read above.
 */
type Step = (o: unknown, k: string) => unknown;

// biome-ignore format: identical one-line steps read best as a column
const STEPS: readonly Step[] = [
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
  (o, k) => { if (typeof o !== 'object' || o === null) return undefined; if (k in objectProto) return memberChecked(o, k); void ('' in o); return getProto(o) === objectProto ? (o as Members)[k] : memberChecked(o, k); },
];

/** How many names get a step of their own. Exported for tests. */
export const STEP_COPIES = STEPS.length;

/** The first STEP_COPIES names of the process get a step of their own, later ones share one by a hash. */
const steps = new CopyPool(STEPS, STEPS.length);

/** The step for member name `k`. Exported for tests. */
export function stepFor(k: string): Step {
  return steps.for(k);
}

/**
 * The reader of one segment on its own: a member through its step, or an
 * element. All-member paths of up to three segments are unrolled below
 * instead (one call site per position, so each site sees few steps and the
 * engine inlines them); paths with an index chain these readers.
 */
function segmentReader(k: SingularKey): SingularGetter {
  if (typeof k === 'number') return k >= 0 ? (o) => element(o, k) : (o) => elementFromEnd(o, k);
  const step = stepFor(k);
  return (o) => step(o, k);
}

/*
 * The getters of two- and three-member paths, 32 and 16 identical copies,
 * for the reason the steps above have copies: a getter's call sites (the
 * step of each member) are one site per function literal, so in one shared
 * getter the site of the last member saw every name the process reads and
 * went megamorphic (a call the engine cannot inline). Each distinct path
 * takes the next copy, round robin, so the paths that share a copy are few
 * and their sites stay polymorphic. In the bench's shared process (the 57
 * conditions of a contract beside W1-W7; `--cell` runs of
 * bench/src/shared-process.mjs), the contract went from 3,728 to 3,182 ns
 * and `get('$.output.status') == 'indexed'` from 42.8 to 35.0. A one-member
 * path's getter is the step itself behind one closure; copies of it gained
 * nothing there.
 */
type Get2 = (s0: Step, s1: Step, k0: string, k1: string) => SingularGetter;
// biome-ignore format: identical one-line factories read best as a column
const GET2: readonly Get2[] = [
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
  (s0, s1, k0, k1) => (o) => { const a = s0(o, k0); return a === undefined ? undefined : s1(a, k1); },
];
const get2Copies = new CopyPool(GET2, 4096);

function get2(k0: SingularKey, k1: SingularKey): SingularGetter {
  if (typeof k0 !== 'string' || typeof k1 !== 'string') return chain(segmentReader(k0), segmentReader(k1));
  return get2Copies.for(`${k0}\u0000${k1}`)(stepFor(k0), stepFor(k1), k0, k1);
}

/** Three-member paths (less common in conditions: 16 copies). */
type Get3 = (s0: Step, s1: Step, s2: Step, k0: string, k1: string, k2: string) => SingularGetter;
// biome-ignore format: identical one-line factories read best as a column
const GET3: readonly Get3[] = [
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
  (s0, s1, s2, k0, k1, k2) => (o) => { const a = s0(o, k0); if (a === undefined) return undefined; const b = s1(a, k1); return b === undefined ? undefined : s2(b, k2); },
];
const get3Copies = new CopyPool(GET3, 4096);

function get3(k0: SingularKey, k1: SingularKey, k2: SingularKey): SingularGetter {
  if (typeof k0 !== 'string' || typeof k1 !== 'string' || typeof k2 !== 'string') return chain(get2(k0, k1), segmentReader(k2));
  return get3Copies.for(`${k0}\u0000${k1}\u0000${k2}`)(stepFor(k0), stepFor(k1), stepFor(k2), k0, k1, k2);
}

/** Reads `tail` from what `head` reads. */
function chain(head: SingularGetter, tail: SingularGetter): SingularGetter {
  return (o) => {
    const a = head(o);
    return a === undefined ? undefined : tail(a);
  };
}

/** Builds the getter for a singular query given its keys: all-member paths of up to three segments unrolled, others chained. */
export function compileSingularGet(keys: readonly SingularKey[]): SingularGetter {
  switch (keys.length) {
    case 0:
      return (node) => node;
    case 1:
      return segmentReader(keys[0]!);
    case 2:
      return get2(keys[0]!, keys[1]!);
    case 3:
      return get3(keys[0]!, keys[1]!, keys[2]!);
    default: {
      // Deeper paths: the first three unrolled, the rest in a loop (a chain of closures would be as deep as the path).
      const head = get3(keys[0]!, keys[1]!, keys[2]!);
      const rest = keys.slice(3).map(segmentReader);
      return (o) => {
        let cur = head(o);
        for (let i = 0; i < rest.length && cur !== undefined; i++) cur = rest[i]!(cur);
        return cur;
      };
    }
  }
}
