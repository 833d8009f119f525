import { Codes } from '../../common/diagnostics/codes.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import { BareFault } from './fault.js';
import { contextItem, fromContext } from './context-values.js';
import { hasOwn } from '../../common/values/values.js';

/**
 * Deep equality by value: `1 == 1.0`, no coercion between types, lists
 * element-wise, objects by own keys, datetimes by instant, durations by length.
 * Iterative with a depth cap, so a hostile context cannot overflow the stack.
 */
export function valuesEqual(a: unknown, b: unknown, maxDepth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const stack: Array<[unknown, unknown, number]> = [[a, b, 0]];
  while (stack.length > 0) {
    const [x, y, depth] = stack.pop()!;
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      if (x !== y) return false;
      continue;
    }
    if (depth >= maxDepth) throw new BareFault(Codes.ContextTooDeep, `values nested deeper than ${maxDepth} levels cannot be compared`);
    if (x instanceof Datetime || x instanceof Duration || y instanceof Datetime || y instanceof Duration) {
      // By class, not by reading `constructor` (which a plain object would inherit).
      const sameKind = x instanceof Datetime ? y instanceof Datetime : x instanceof Duration ? y instanceof Duration : false;
      if (!sameKind || (x as Datetime).ms !== (y as Datetime).ms) return false;
      continue;
    }
    const xa = Array.isArray(x);
    if (xa !== Array.isArray(y)) return false;
    // Members and elements come from the data (maybe a host's context): each passes fromContext, so what JSON cannot hold equals null.
    if (xa) {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) stack.push([contextItem(xs, i), contextItem(ys, i), depth + 1]);
      continue;
    }
    const xk = Object.keys(x);
    if (xk.length !== Object.keys(y).length) return false;
    for (const k of xk) {
      if (!hasOwn.call(y, k)) return false;
      stack.push([fromContext((x as Record<string, unknown>)[k]), fromContext((y as Record<string, unknown>)[k]), depth + 1]);
    }
  }
  return true;
}
