import { charge, checkDepth, type VisitBudget } from './budget.js';
import { hasOwn, isArray, isRecord, ownElement } from './json-values.js';

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
  if (typeof a === 'string') return typeof b === 'string' && compareCodePoints(a, b) < 0;
  return false;
}

/** Orders two strings by code point: negative, zero or positive. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/**
 * At the first differing code unit, a surrogate (D800-DFFF) starts a
 * supplementary character, which sorts after every BMP unit; shifting
 * surrogates above U+FFFF and E000-FFFF down makes code-unit order agree.
 */
function codePointRank(u: number): number {
  if (u >= 0xd800 && u <= 0xdfff) return u + 0x2000;
  if (u >= 0xe000) return u - 0x800;
  return u;
}
