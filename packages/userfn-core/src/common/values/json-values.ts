/**
 * How the engine sees a value. Only plain objects and arrays have children;
 * anything else (class instances such as the toolkit's Datetime, Map, Date,
 * typed arrays, functions) is a leaf, so no host object is ever looked into.
 * Only own properties are read, through `hasOwn`, so `__proto__`,
 * `constructor` and `prototype` are ordinary member names.
 */

/** `Object.prototype.hasOwnProperty`, to be called as `hasOwn.call(o, key)`. */
export const hasOwn: (this: object, key: PropertyKey) => boolean = Object.prototype.hasOwnProperty;

const getPrototypeOf: (o: object) => object | null = Object.getPrototypeOf;

const objectPrototype = Object.prototype;

/** A JSON object: plain objects from literals/JSON.parse, `Object.create(null)`, or a plain object from another realm. */
export type JsonRecord = Record<string, unknown>;

/** True for a plain object (its prototype is `Object.prototype`, `null`, or another realm's root prototype). */
export function isRecord(value: unknown): value is JsonRecord {
  if (typeof value !== 'object' || value === null) return false;
  const proto = getPrototypeOf(value);
  // A class instance's prototype has a prototype of its own; a plain object's
  // prototype (any realm's Object.prototype) does not. Arrays fail here too.
  return proto === objectPrototype || proto === null || getPrototypeOf(proto) === null;
}

/** True for an array (any realm). */
export const isArray: (value: unknown) => value is readonly unknown[] = Array.isArray;

const arrayPrototype = Array.prototype as unknown as Record<number, unknown>;

/**
 * The own element at index `i` (within bounds), or undefined for a hole.
 * Reading a hole reads through to the prototypes, where a getter someone put
 * on `Array.prototype` or `Object.prototype` would run: so the element is read
 * directly only when no prototype has that index (the usual case, one cheap
 * `in` test), else only when the array owns it.
 */
export function ownElement(array: readonly unknown[], i: number): unknown {
  return !(i in arrayPrototype) || hasOwn.call(array, i) ? array[i] : undefined;
}
