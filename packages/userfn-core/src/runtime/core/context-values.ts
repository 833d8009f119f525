import { isArray, isRecord, ownElement } from '../../common/values/json-values.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import type { Value } from '../../common/values/values.js';

/*
 * The one gate between a host's context and the evaluators. The guarantees
 * are stated for JSON values, but a context built in JavaScript may hold what
 * JSON cannot. Every value read out of a context (by get, json_get, the
 * agent-tool and list builtins, and the deep walks of ==, `in` and to_string)
 * passes through fromContext, so both evaluators see the same thing and
 * nothing else ever reaches an operator or the caller at the top level.
 */

const getProto: (o: object) => object | null = Object.getPrototypeOf;
const objectProto = Object.prototype;

/**
 * A value read from a context, as UserFn sees it: JSON values (finite numbers,
 * plain objects, arrays), Datetime and Duration pass unchanged (no copy);
 * anything else (undefined, a function, a symbol, a bigint, NaN, ±Infinity, a
 * class instance such as a Map or a Date) is null, so it is never returned,
 * called, coerced or looked into.
 *
 * Cheap enough for the hot path of a literal `get` (typeof tests the engine
 * compiles to type checks): a container is only checked shallowly (its
 * members pass through here when they are read).
 */
export function fromContext(v: unknown): Value {
  if (typeof v === 'number') return v - v === 0 ? v : null; // `v - v` is NaN for NaN and ±Infinity
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v !== 'object' || v === null) return null;
  // The prototype of an object of unknown shape costs an un-inlined
  // Object.getPrototypeOf call, which would double the cost of
  // `get('$.output') != null`. The `in` test (result unused; it reads no
  // property and runs no getter, only a Proxy's trap, as getPrototypeOf
  // would) makes the engine check v's hidden class, and once that is known
  // the prototype test below folds to a constant. Plain objects are tested
  // first: an Array.isArray test costs about as much as all of this.
  void ('' in v);
  if (getProto(v) === objectProto || isArray(v)) return v as Value;
  return isRecord(v) || v instanceof Datetime || v instanceof Duration ? (v as Value) : null;
}

/**
 * `fromContext(v) === null`, for the compiler's `get(p) == null` and
 * `get(p) != null`, written out again on purpose: the engine keeps a
 * property-test site's feedback per function, and fromContext's `in` test
 * sees every value every expression of the process reads, so in a process of
 * many expressions it stops folding the prototype test. The null tests of
 * literal paths (a common condition, `get('$.output') != null`) see their own
 * values here: 40 -> 17 ns in the bench's shared process (bench/README.md).
 * context-values.test.ts holds the two equal on every kind of value.
 */
export function isNullAtGate(v: unknown): boolean {
  if (typeof v === 'number') return v - v !== 0;
  if (typeof v === 'string' || typeof v === 'boolean') return false;
  if (typeof v !== 'object' || v === null) return true;
  void ('' in v);
  if (getProto(v) === objectProto || isArray(v)) return false;
  return !(isRecord(v) || v instanceof Datetime || v instanceof Duration);
}

/** Element `i` (within bounds) of a list that may come from a context: own elements only (a hole is null), through fromContext. */
export function contextItem(list: readonly unknown[], i: number): Value {
  return fromContext(ownElement(list, i));
}
