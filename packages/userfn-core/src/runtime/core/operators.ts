import type { ArithmeticOp, OrderingOp } from '../../common/ast/nodes.js';
import { Codes } from '../../common/diagnostics/codes.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { Limits } from '../../common/limits.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import { compareStrings } from '../../common/values/compare.js';
import { contextItem } from './context-values.js';
import { valuesEqual } from './equality.js';
import { Fault } from './fault.js';
import { typeName, hasOwn, type RuntimeTypeName, type Value } from '../../common/values/values.js';

/**
 * The operator tables: one place that says which operand types each operator
 * accepts and what it gives. The checker reads them with static types, the
 * evaluators with runtime types, so the two cannot disagree.
 */
export type OperandKind = 'number' | 'string' | 'datetime' | 'duration';

const ARITHMETIC: Record<ArithmeticOp, Record<string, OperandKind>> = {
  '+': {
    'number,number': 'number',
    'string,string': 'string',
    'datetime,duration': 'datetime',
    'duration,datetime': 'datetime',
    'duration,duration': 'duration',
  },
  '-': { 'number,number': 'number', 'datetime,datetime': 'duration', 'datetime,duration': 'datetime', 'duration,duration': 'duration' },
  '*': { 'number,number': 'number', 'duration,number': 'duration', 'number,duration': 'duration' },
  '/': { 'number,number': 'number', 'duration,number': 'duration', 'duration,duration': 'number' },
  '%': { 'number,number': 'number' },
};

/** What `a op b` gives for operand kinds (booleans already counted as numbers), or undefined when not allowed. */
export function arithmeticResult(op: ArithmeticOp, a: string, b: string): OperandKind | undefined {
  return ARITHMETIC[op][`${a},${b}`];
}

/** Kinds that can be ordered with `< <= > >=` (each only against itself). */
export function isOrderable(kind: string): boolean {
  return kind === 'number' || kind === 'string' || kind === 'datetime' || kind === 'duration';
}

/**
 * A hint for an argument of type `got` where `wanted` is expected, saying how
 * to convert it (one way: from what was given to what is wanted).
 */
export function argumentHint(wanted: string, got: string): string | undefined {
  if (wanted === 'string' && got === 'number') return 'convert with to_string(x)';
  if (wanted === 'number' && got === 'string') return 'convert with to_number(s)';
  if (wanted === 'datetime' && got === 'string') return 'parse the string with iso_datetime_parse(s)';
  if (wanted === 'number' && got === 'duration') return 'convert with seconds(d), minutes(d), hours(d) or days(d)';
  if (wanted === 'duration' && got === 'number') return 'make a duration with seconds(n), minutes(n), hours(n) or days(n)';
  return undefined;
}

/** A hint for a mixed-type arithmetic or comparison, saying how to convert. */
export function conversionHint(op: string, a: string, b: string): string | undefined {
  const timeAndNumber = (x: string, y: string) => (x === 'datetime' || x === 'duration') && y === 'number';
  if (timeAndNumber(a, b) || timeAndNumber(b, a)) {
    return a === 'duration' || b === 'duration'
      ? 'convert with seconds(d), minutes(d), hours(d) or days(d) to get a number, or make a duration with seconds(n)'
      : 'make a duration with seconds(n), minutes(n), hours(n) or days(n)';
  }
  if (a === 'string' && b === 'number') return op === '+' ? 'convert with to_string(x) to concatenate' : 'convert with to_number(s)';
  if (a === 'number' && b === 'string') return op === '+' ? 'convert with to_string(x) to concatenate' : 'convert with to_number(s)';
  if (a === 'string' && b === 'datetime') return 'parse the string with iso_datetime_parse(s)';
  if (a === 'datetime' && b === 'string') return 'parse the string with iso_datetime_parse(s)';
  return undefined;
}

function mismatch(what: string, a: RuntimeTypeName, b: RuntimeTypeName, span: Span, op: string): Fault {
  return new Fault(Codes.RuntimeTypeMismatch, `cannot apply '${op}' to ${a} and ${b}${what}`, span, conversionHint(op, a, b));
}

/** Rejects NaN and infinities: a result must be a finite number. */
export function finite(n: number, span: Span): number {
  if (n - n !== 0) throw new Fault(Codes.NonFinite, `the result is ${Number.isNaN(n) ? 'not a number' : 'infinite'}`, span);
  return n;
}

/** Generic `a op b` for arithmetic, following the null rules and the table above. */
export function arithmetic(op: ArithmeticOp, a: Value, b: Value, span: Span, limits: Limits): Value {
  if (a === null || b === null) return null;
  let ta = typeName(a);
  let tb = typeName(b);
  // Booleans count as 1/0 in arithmetic (kept for compatibility; the checker warns).
  if (ta === 'boolean') {
    a = a ? 1 : 0;
    ta = 'number';
  }
  if (tb === 'boolean') {
    b = b ? 1 : 0;
    tb = 'number';
  }
  if (ta === 'number' && tb === 'number') return numberOp(op, a as number, b as number, span);
  const result = arithmeticResult(op, ta, tb);
  if (result === undefined) throw mismatch('', ta, tb, span, op);
  if (result === 'string') {
    const s = (a as string) + (b as string);
    if (s.length > limits.maxStringLength) throw new Fault(Codes.StringTooLong, `the string would be longer than ${limits.maxStringLength} characters`, span);
    return s;
  }
  const x = ta === 'number' ? (a as number) : (a as Datetime | Duration).ms;
  const y = tb === 'number' ? (b as number) : (b as Datetime | Duration).ms;
  const ms = numberOp(op, x, y, span);
  if (result === 'datetime') return checkedDatetime(ms, span);
  if (result === 'duration') return new Duration(ms);
  return ms; // duration / duration
}

/** The largest instant a Datetime may hold (what JS Date supports). */
const MAX_INSTANT = 8.64e15;

export function checkedDatetime(ms: number, span: Span): Datetime {
  if (!(Math.abs(ms) <= MAX_INSTANT)) throw new Fault(Codes.NonFinite, 'the datetime is out of range', span);
  return new Datetime(ms);
}

/** `x op y` on numbers: division or remainder by zero and non-finite results are errors. */
export function numberOp(op: ArithmeticOp, x: number, y: number, span: Span): number {
  switch (op) {
    case '+':
      return finite(x + y, span);
    case '-':
      return finite(x - y, span);
    case '*':
      return finite(x * y, span);
    case '/':
      if (y === 0) throw new Fault(Codes.DivisionByZero, 'division by zero', span);
      return finite(x / y, span);
    case '%':
      if (y === 0) throw new Fault(Codes.DivisionByZero, 'remainder by zero', span);
      return finite(x % y, span);
  }
}

/** Generic unary minus: numbers (and booleans as 1/0), durations; null stays null. */
export function negate(v: Value, span: Span): Value {
  if (v === null) return null;
  if (typeof v === 'number') return -v;
  if (typeof v === 'boolean') return v ? -1 : 0;
  if (v instanceof Duration) return new Duration(-v.ms);
  throw new Fault(Codes.RuntimeTypeMismatch, `cannot negate a ${typeName(v)}`, span);
}

/** Generic ordering: a null operand gives false; otherwise both operands must be of one orderable type. */
export function ordering(op: OrderingOp, a: Value, b: Value, span: Span): boolean {
  if (a === null || b === null) return false;
  const ta = typeName(a);
  const tb = typeName(b);
  if (ta !== tb || !isOrderable(ta)) {
    throw new Fault(Codes.RuntimeTypeMismatch, `cannot compare ${ta} and ${tb} with '${op}'`, span, conversionHint(op, ta, tb));
  }
  let c: number;
  if (ta === 'string') c = compareStrings(a as string, b as string);
  else if (ta === 'number') c = (a as number) - (b as number);
  else c = (a as Datetime).ms - (b as Datetime).ms;
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

/** Generic `==` (deep, by value). */
export function equals(a: Value, b: Value, span: Span, limits: Limits): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  try {
    return valuesEqual(a, b, limits.maxContextDepth);
  } catch (e) {
    throw withSpan(e, span);
  }
}

/** `a in b`: list membership (by `==`), substring, or own key of an object. A null right side is false. */
export function membership(a: Value, b: Value, span: Span, limits: Limits): boolean {
  if (b === null) return false;
  const tb = typeName(b);
  if (tb === 'list') {
    const list = b as readonly Value[];
    for (let i = 0; i < list.length; i++) if (equals(a, contextItem(list, i), span, limits)) return true;
    return false;
  }
  if (tb === 'string' || tb === 'object') {
    if (a === null) return false;
    if (typeof a !== 'string') {
      throw new Fault(Codes.RuntimeTypeMismatch, `'in' ${tb === 'string' ? 'a string' : 'an object'} needs a string on the left, got ${typeName(a)}`, span);
    }
    return tb === 'string' ? (b as string).includes(a) : hasOwn.call(b, a);
  }
  throw new Fault(Codes.RuntimeTypeMismatch, `'in' needs a list, a string or an object on the right, got ${tb}`, span);
}

/**
 * A value in a boolean position (`and`, `or`, `not`, `!`, a condition):
 * null counts as false; anything but a boolean is a type mismatch.
 */
export function condition(v: Value, span: Span): boolean {
  if (v === true) return true;
  if (v === false || v === null) return false;
  throw new Fault(Codes.RuntimeTypeMismatch, `a condition must be boolean, got ${typeName(v)}`, span, conditionHint(typeName(v)));
}

export function conditionHint(kind: string): string | undefined {
  if (kind === 'number') return 'compare it, e.g. x > 0';
  if (kind === 'string') return "compare it, e.g. x != ''";
  if (kind === 'list' || kind === 'object') return 'test its size, e.g. length(x) > 0';
  return undefined;
}

/** Gives a span to a fault raised without one (from shared helpers), keeping other errors as they are. */
export function withSpan(e: unknown, span: Span): unknown {
  if (e !== null && typeof e === 'object' && 'code' in e && !(e instanceof Fault) && e instanceof Error) {
    const bare = e as Error & { code: Fault['code']; hint?: string };
    return new Fault(bare.code, bare.message, span, bare.hint);
  }
  return e;
}
