import { charge, checkDepth, type VisitBudget } from './budget.js';
import { hasOwn, isArray, isRecord, ownElement } from '../../common/values/json-values.js';
import { compareStrings } from '../../common/values/compare.js';

/**
 * Comparison of JSON values for filter expressions (RFC 9535 §2.3.5.2.2).
 * Deep equality walks an explicit work list, so nesting depth costs heap, not
 * stack, and every visited pair is charged to the budget.
 */

/**
 * Deep JSON equality: numbers by value, strings by code units, arrays element
 * by element, objects by their member sets; every element or member pair
 * compared is charged to the budget. Leaf objects that are not plain
 * JSON (class instances) are equal only to themselves. `undefined` (Nothing)
 * equals only Nothing.
 */
export function jsonEquals(a: unknown, b: unknown, budget: VisitBudget): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  // Pairs still to compare, flattened as [a, b, depth, a, b, depth, ...].
  const work: unknown[] = [a, b, 0];
  while (work.length > 0) {
    const depth = work.pop() as number;
    const y = work.pop();
    const x = work.pop();
    if (x === y) continue;
    if (isArray(x)) {
      if (!isArray(y) || x.length !== y.length) return false;
      checkDepth(budget, depth + 1);
      for (let i = 0; i < x.length; i++) {
        charge(budget);
        const xv = ownElement(x, i);
        const yv = ownElement(y, i);
        if (xv === yv) continue;
        if (!isContainer(xv) || !isContainer(yv)) return false;
        work.push(xv, yv, depth + 1);
      }
    } else if (isRecord(x)) {
      if (!isRecord(y)) return false;
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length) return false;
      checkDepth(budget, depth + 1);
      for (const k of keys) {
        charge(budget);
        if (!hasOwn.call(y, k)) return false;
        const xv = x[k];
        const yv = y[k];
        if (xv === yv) continue;
        if (!isContainer(xv) || !isContainer(yv)) return false;
        work.push(xv, yv, depth + 1);
      }
    } else {
      return false;
    }
  }
  return true;
}

function isContainer(v: unknown): boolean {
  return isArray(v) || isRecord(v);
}

/**
 * The RFC's `<`: true only for two numbers or two strings, strings ordered by
 * Unicode scalar value (not UTF-16 code unit, which orders U+E000..U+FFFF
 * before supplementary characters).
 */
export function jsonLess(a: unknown, b: unknown): boolean {
  if (typeof a === 'number') return typeof b === 'number' && a < b;
  if (typeof a === 'string') return typeof b === 'string' && compareStrings(a, b) < 0;
  return false;
}
