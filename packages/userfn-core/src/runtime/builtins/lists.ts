import { Codes } from '../../common/diagnostics/codes.js';
import { contextItem } from '../core/context-values.js';
import { BareFault } from '../core/fault.js';
import { typeName, type Value } from '../../common/values/values.js';
import { T } from '../../common/types/type.js';
import { defineBuiltin, overload, p } from './define.js';

/**
 * The total of a list's numbers for sum/avg. A null element makes the result
 * null (as in arithmetic: null means missing); any other non-number is an
 * error. The list may come from a context: elements are read by index through
 * contextItem (not with an iterator the array could override).
 */
function total(list: readonly Value[], name: string): number | null {
  let t = 0;
  for (let i = 0; i < list.length; i++) {
    const v = contextItem(list, i);
    if (v === null) return null;
    if (typeof v !== 'number') throw new BareFault(Codes.RuntimeTypeMismatch, `${name} needs a list of numbers; element ${i} is a ${typeName(v)}`);
    t += v;
  }
  return t;
}

export const sum = defineBuiltin({
  name: 'sum',
  category: 'list',
  doc: 'The sum of a list of numbers; `sum([])` is 0. A null element gives null; another non-number is an error.',
  overloads: [
    overload({
      params: [p('list', T.list(T.number))],
      returns: T.number,
      impl: ([l]) => total(l, 'sum'),
    }),
  ],
  examples: [
    { expr: 'sum([1, 2, 3.5])', result: 6.5 },
    { expr: 'sum([])', result: 0 },
    { expr: "sum([1, 'a'])", error: Codes.RuntimeTypeMismatch },
  ],
});

export const avg = defineBuiltin({
  name: 'avg',
  category: 'list',
  doc: 'The mean of a list of numbers; `avg([])` is null. A null element gives null; another non-number is an error.',
  overloads: [
    overload({
      params: [p('list', T.list(T.number))],
      returns: T.number,
      impl: ([l]) => {
        const list = l;
        const t = total(list, 'avg');
        return t === null || list.length === 0 ? null : t / list.length;
      },
    }),
  ],
  examples: [
    { expr: 'avg([1, 2, 3, 4])', result: 2.5 },
    { expr: 'avg([])', result: null },
  ],
});
