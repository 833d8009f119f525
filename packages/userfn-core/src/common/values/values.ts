import { Datetime, Duration } from './time-values.js';

/**
 * A UserFn value: JSON values as plain JS (null, boolean, number, string, arrays,
 * plain objects) plus Datetime and Duration. `undefined` never escapes: absent is null.
 */
export type Value = null | boolean | number | string | readonly Value[] | { readonly [key: string]: Value } | Datetime | Duration;

export type RuntimeTypeName = 'null' | 'boolean' | 'number' | 'string' | 'list' | 'object' | 'datetime' | 'duration';

/**
 * The runtime type of a value. Anything that is not a JSON value (a function, a
 * symbol, a bigint, undefined) is treated as null: it is never called or
 * inspected (values read from a context pass through fromContext, in
 * context-values.ts, which maps every such value to null).
 */
export function typeName(v: unknown): RuntimeTypeName {
  switch (typeof v) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'object':
      if (v === null) return 'null';
      if (Array.isArray(v)) return 'list';
      if (v instanceof Datetime) return 'datetime';
      if (v instanceof Duration) return 'duration';
      return 'object';
    default:
      return 'null';
  }
}

export const hasOwn = Object.prototype.hasOwnProperty;

/** Own enumerable keys of a plain object (what `length`, `in` and equality see). */
export function ownKeys(o: object): string[] {
  return Object.keys(o);
}
