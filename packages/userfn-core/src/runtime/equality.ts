import { Codes } from '../diagnostics/codes.js';
import { Datetime, Duration } from '../values/time-values.js';
import { BareFault } from './fault.js';
import { hasOwn } from './values.js';

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
      if (x.constructor !== y.constructor || (x as Datetime).ms !== (y as Datetime).ms) return false;
      continue;
    }
    const xa = Array.isArray(x);
    if (xa !== Array.isArray(y)) return false;
    if (xa) {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) stack.push([xs[i], ys[i], depth + 1]);
      continue;
    }
    const xk = Object.keys(x);
    if (xk.length !== Object.keys(y).length) return false;
    for (const k of xk) {
      if (!hasOwn.call(y, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], depth + 1]);
    }
  }
  return true;
}
