import { Codes } from '../diagnostics/codes.js';
import { BareFault } from '../runtime/fault.js';
import { typeName, type Value } from '../runtime/values.js';
import { T } from '../types/type.js';
import { defineBuiltin, p } from './define.js';

/**
 * The numbers of a list for sum/avg. A null element makes the result null (as
 * in arithmetic: null means missing); any other non-number is an error.
 */
function numbers(list: readonly Value[], name: string): number[] | null {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (v === null) return null;
    if (typeof v !== 'number') throw new BareFault(Codes.RuntimeTypeMismatch, `${name} needs a list of numbers; element ${i} is a ${typeName(v)}`);
  }
  return list as number[];
}

export const sum = defineBuiltin({
  name: 'sum',
  category: 'list',
  doc: 'The sum of a list of numbers; `sum([])` is 0. A null element gives null; another non-number is an error.',
  overloads: [
    {
      params: [p('list', T.list(T.number))],
      returns: T.number,
      impl: ([l]) => {
        const ns = numbers(l as readonly Value[], 'sum');
        if (ns === null) return null;
        let total = 0;
        for (const n of ns) total += n;
        return total;
      },
    },
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
    {
      params: [p('list', T.list(T.number))],
      returns: T.number,
      impl: ([l]) => {
        const ns = numbers(l as readonly Value[], 'avg');
        if (ns === null || ns.length === 0) return null;
        let total = 0;
        for (const n of ns) total += n;
        return total / ns.length;
      },
    },
  ],
  examples: [
    { expr: 'avg([1, 2, 3, 4])', result: 2.5 },
    { expr: 'avg([])', result: null },
  ],
});
