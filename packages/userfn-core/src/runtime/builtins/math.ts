import { Codes } from '../../common/diagnostics/codes.js';
import { contextItem } from '../core/context-values.js';
import { BareFault } from '../core/fault.js';
import { T } from '../../common/types/type.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import { defineBuiltin, overload, p, type BuiltinDecl, type Closure, type Example } from './define.js';

/** A one-argument number function; a non-finite result becomes an error in the dispatcher. */
function unary(name: string, doc: string, fn: (x: number) => number, examples: Example[]): BuiltinDecl {
  return defineBuiltin({
    name,
    category: 'math',
    doc,
    overloads: [overload({ params: [p('x', T.number)], returns: T.number, impl: ([x]) => fn(x) })],
    examples,
  });
}

/** Round half away from zero, at `digits` decimal places, through the decimal text so 1.005 rounds to 1.01. */
export function roundHalfAway(x: number, digits: number): number {
  if (!Number.isInteger(digits) || Math.abs(digits) > 100) {
    throw new BareFault(Codes.RuntimeInvalidArgument, `round digits must be a whole number between -100 and 100, got ${digits}`);
  }
  const mag = Math.abs(x);
  const scaled = digits === 0 ? mag : Number(`${mag}e${digits}`);
  if (!Number.isFinite(scaled)) return x;
  const r = Math.round(scaled);
  const back = digits === 0 ? r : Number(`${r}e${-digits}`);
  return x < 0 ? -back : back;
}

/** Degrees reduced to [0, 360). */
function reduceDegrees(x: number): number {
  const r = x % 360;
  return r < 0 ? r + 360 : r;
}

const SIN_EXACT: Record<number, number> = { 0: 0, 30: 0.5, 90: 1, 150: 0.5, 180: 0, 210: -0.5, 270: -1, 330: -0.5 };
const COS_EXACT: Record<number, number> = { 0: 1, 60: 0.5, 90: 0, 120: -0.5, 180: -1, 240: -0.5, 270: 0, 300: 0.5 };
const TAN_EXACT: Record<number, number> = { 0: 0, 45: 1, 135: -1, 180: 0, 225: 1, 315: -1 };
const RAD = Math.PI / 180;

export function sind(x: number): number {
  return SIN_EXACT[reduceDegrees(x)] ?? Math.sin(x * RAD);
}
export function cosd(x: number): number {
  return COS_EXACT[reduceDegrees(x)] ?? Math.cos(x * RAD);
}
export function tand(x: number): number {
  const r = reduceDegrees(x);
  if (r === 90 || r === 270) throw new BareFault(Codes.DomainError, `tand(${x}) is undefined: the tangent of an odd multiple of 90° is infinite`);
  return TAN_EXACT[r] ?? Math.tan(x * RAD);
}

function positive(name: string, x: number): number {
  if (x <= 0) throw new BareFault(Codes.DomainError, `${name} needs a positive number, got ${x}`);
  return x;
}

export const abs = unary('abs', 'The absolute value.', Math.abs, [
  { expr: 'abs(-2.5)', result: 2.5 },
  { expr: 'abs(null)', result: null },
]);

export const power = defineBuiltin({
  name: 'power',
  category: 'math',
  doc: '`a` raised to the power `b`. A result that is not a finite number (e.g. `power(-8, 1/3)`) is a runtime error.',
  overloads: [overload({ params: [p('a', T.number), p('b', T.number)], returns: T.number, impl: ([a, b]) => a ** b })],
  examples: [
    { expr: 'power(2, 10)', result: 1024 },
    { expr: 'power(-8, 1 / 3)', error: Codes.NonFinite },
  ],
});

export const sqrt = unary(
  'sqrt',
  'The square root; a negative number is a runtime error.',
  (x) => {
    if (x < 0) throw new BareFault(Codes.DomainError, `sqrt needs a number >= 0, got ${x}`);
    return Math.sqrt(x);
  },
  [
    { expr: 'sqrt(16)', result: 4 },
    { expr: 'sqrt(-1)', error: Codes.DomainError },
  ],
);
export const trunc = unary('trunc', 'Drops the fractional part (towards zero).', Math.trunc, [{ expr: 'trunc(-2.7)', result: -2 }]);
export const floor = unary('floor', 'The largest whole number not above x.', Math.floor, [{ expr: 'floor(-2.5)', result: -3 }]);
export const ceil = unary('ceil', 'The smallest whole number not below x.', Math.ceil, [{ expr: 'ceil(2.1)', result: 3 }]);

export const round = defineBuiltin({
  name: 'round',
  category: 'math',
  doc: 'Rounds half away from zero, to `digits` decimal places (default 0; negative rounds to tens, hundreds …).',
  overloads: [
    overload({ params: [p('x', T.number)], returns: T.number, impl: ([x]) => roundHalfAway(x, 0) }),
    overload({ params: [p('x', T.number), p('digits', T.number)], returns: T.number, impl: ([x, d]) => roundHalfAway(x, d) }),
  ],
  examples: [
    { expr: 'round(2.5)', result: 3 },
    { expr: 'round(-2.5)', result: -3 },
    { expr: 'round(1.005, 2)', result: 1.01 },
    { expr: 'round(1234, -2)', result: 1200 },
  ],
});

export const sign = unary('sign', '-1, 0 or 1 by the sign of x.', (x) => (x > 0 ? 1 : x < 0 ? -1 : 0), [{ expr: 'sign(-3)', result: -1 }]);
export const exp = unary('exp', 'e raised to x.', Math.exp, [
  { expr: 'exp(0)', result: 1 },
  { expr: 'exp(1000)', error: Codes.NonFinite },
]);
export const ln = unary('ln', 'The natural logarithm; x must be positive.', (x) => Math.log(positive('ln', x)), [
  { expr: 'ln(1)', result: 0 },
  { expr: 'ln(0)', error: Codes.DomainError },
]);
export const log10 = unary('log10', 'The base-10 logarithm; x must be positive.', (x) => Math.log10(positive('log10', x)), [
  { expr: 'log10(1000)', result: 3 },
]);

export const log = defineBuiltin({
  name: 'log',
  category: 'math',
  doc: '`log(b, x)`: the logarithm of x in base b (base first). `log(x)` alone is the natural logarithm.',
  overloads: [
    overload({ params: [p('x', T.number)], returns: T.number, impl: ([x]) => Math.log(positive('log', x)) }),
    overload({
      params: [p('base', T.number), p('x', T.number)],
      returns: T.number,
      impl: ([b, x]) => {
        const base = positive('log base', b);
        if (base === 1) throw new BareFault(Codes.DomainError, 'log base 1 is undefined');
        return Math.log(positive('log', x)) / Math.log(base);
      },
    }),
  ],
  examples: [
    { expr: 'log(2, 8)', result: 3 },
    { expr: 'log(1)', result: 0 },
  ],
});

export const radians = unary('radians', 'Degrees to radians.', (x) => x * RAD, [{ expr: 'radians(180)', result: Math.PI }]);
export const degrees = unary('degrees', 'Radians to degrees.', (x) => x / RAD, [{ expr: 'degrees(0)', result: 0 }]);
export const sin = unary('sin', 'Sine of an angle in radians.', Math.sin, [{ expr: 'sin(0)', result: 0 }]);
export const cos = unary('cos', 'Cosine of an angle in radians.', Math.cos, [{ expr: 'cos(0)', result: 1 }]);
export const tan = unary('tan', 'Tangent of an angle in radians.', Math.tan, [{ expr: 'tan(0)', result: 0 }]);
export const sindBuiltin = unary('sind', 'Sine of an angle in degrees; exact at multiples of 30°.', sind, [
  { expr: 'sind(30)', result: 0.5 },
  { expr: 'sind(270)', result: -1 },
]);
export const cosdBuiltin = unary('cosd', 'Cosine of an angle in degrees; exact at multiples of 60° and 90°.', cosd, [
  { expr: 'cosd(60)', result: 0.5 },
  { expr: 'cosd(90)', result: 0 },
]);
export const tandBuiltin = unary('tand', 'Tangent of an angle in degrees; exact at multiples of 45°; odd multiples of 90° are a runtime error.', tand, [
  { expr: 'tand(45)', result: 1 },
  { expr: 'tand(90)', error: Codes.DomainError },
]);

/** What `min`/`max` compare: all arguments of one of these kinds. */
type Ordered = number | Datetime | Duration;

const orderKey = (v: Ordered): number => (typeof v === 'number' ? v : v.ms);
const orderKind = (v: Ordered): unknown => (typeof v === 'number' ? 'number' : v.constructor);

function extreme(name: 'min' | 'max'): BuiltinDecl {
  const better = name === 'min' ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
  const pick = <V extends Ordered>(values: readonly (V | null)[]): V | null => {
    let best = values[0];
    if (best === undefined || best === null) return null;
    let bestKey = orderKey(best);
    const kind = orderKind(best);
    for (let i = 1; i < values.length; i++) {
      const v = values[i]!;
      if (v === null) return null;
      if (orderKind(v) !== kind) {
        throw new BareFault(Codes.RuntimeTypeMismatch, `${name} needs values of one type (numbers, datetimes or durations)`);
      }
      const k = orderKey(v);
      if (better(k, bestKey)) {
        best = v;
        bestKey = k;
      }
    }
    return best;
  };
  return defineBuiltin({
    name,
    category: 'math',
    doc: `The ${name === 'min' ? 'smallest' : 'largest'} of its arguments (numbers, datetimes or durations, all of one type), or of one list. A null anywhere gives null; an empty list gives null.`,
    overloads: [
      overload({ params: [p('a', T.number)], rest: p('more', T.number), returns: T.number, impl: (args) => pick(args) }),
      overload({ params: [p('a', T.datetime)], rest: p('more', T.datetime), returns: T.datetime, impl: (args) => pick(args) }),
      overload({ params: [p('a', T.duration)], rest: p('more', T.duration), returns: T.duration, impl: (args) => pick(args) }),
      overload({
        params: [p('values', T.list(T.dyn))],
        returns: T.dyn,
        impl: ([list]) => {
          // The list may come from a context: a normalised copy, read by index (see contextItem).
          const values: Ordered[] = [];
          for (let i = 0; i < list.length; i++) {
            const v = contextItem(list, i);
            if (v !== null && typeof v !== 'number' && !(v instanceof Duration) && !(v instanceof Datetime)) {
              throw new BareFault(Codes.RuntimeTypeMismatch, `${name} needs numbers, datetimes or durations in the list`);
            }
            if (v === null) return null;
            values.push(v);
          }
          return pick(values);
        },
      }),
    ],
    // Two numbers is the common case (`min(1, x / 10)`): compare directly, else the generic call.
    compile({ args, generic }) {
      if (args.length !== 2) return undefined;
      const [a, b] = args as [Closure, Closure];
      return name === 'min'
        ? (rt) => {
            const x = a(rt);
            const y = b(rt);
            // biome-ignore lint/complexity/useMathMinMax: Math.min would differ on NaN and -0
            return typeof x === 'number' && typeof y === 'number' ? (y < x ? y : x) : generic(rt);
          }
        : (rt) => {
            const x = a(rt);
            const y = b(rt);
            // biome-ignore lint/complexity/useMathMinMax: Math.max would differ on NaN and -0
            return typeof x === 'number' && typeof y === 'number' ? (y > x ? y : x) : generic(rt);
          };
    },
    examples: [
      { expr: `${name}(3, 1, 2)`, result: name === 'min' ? 1 : 3 },
      { expr: `${name}([4, 9])`, result: name === 'min' ? 4 : 9 },
      { expr: `${name}(1, null)`, result: null },
      { expr: `${name}(seconds(5), minutes(1))`, result: name === 'min' ? 'PT5S' : 'PT1M' },
    ],
  });
}

export const min = extreme('min');
export const max = extreme('max');
