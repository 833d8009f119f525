import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic } from '../../common/diagnostics/diagnostic.js';
import { codePointLength } from '../../common/values/compare.js';
import { BareFault } from '../core/fault.js';
import { jsonText } from '../core/json-text.js';
import { ownKeys, type Value } from '../../common/values/values.js';
import { DEFAULT_LIMITS } from '../../common/limits.js';
import { T } from '../../common/types/type.js';
import { literalOf } from '../../common/ast/literal.js';
import { defineBuiltin, overload, p, type BuiltinDecl, type Example } from './define.js';
import type { Runtime } from '../core/runtime.js';
import { compileRegex, flagsProblem } from './support.js';
import type { RE2JS } from 're2js';
import { Datetime, Duration } from '../../common/values/time-values.js';

export const length = defineBuiltin({
  name: 'length',
  category: 'string',
  doc: 'The number of Unicode code points of a string, elements of a list, or keys of an object.',
  overloads: [
    overload({ params: [p('s', T.string)], returns: T.number, impl: ([s]) => codePointLength(s) }),
    overload({ params: [p('list', T.list(T.dyn))], returns: T.number, impl: ([l]) => l.length }),
    overload({ params: [p('object', T.object)], returns: T.number, impl: ([o]) => ownKeys(o).length }),
  ],
  examples: [
    { expr: "length('héllo')", result: 5 },
    { expr: "length('😀')", result: 1 },
    { expr: 'length([1, 2, 3])', result: 3 },
    { expr: "length(get('$.output'))", context: { output: { a: 1, b: 2 } }, result: 2 },
  ],
});

function stringFn(name: string, doc: string, fn: (s: string) => string, examples: Example[]): BuiltinDecl {
  // Case changes can grow a string ('ß' upper-cases to 'SS'): the result is held to maxStringLength like any other.
  const impl = ([s]: readonly [string], rt: Runtime): string => {
    const out = fn(s);
    if (out.length > rt.limits.maxStringLength)
      throw new BareFault(Codes.StringTooLong, `the string would be longer than ${rt.limits.maxStringLength} characters`);
    return out;
  };
  return defineBuiltin({ name, category: 'string', doc, overloads: [overload({ params: [p('s', T.string)], returns: T.string, impl })], examples });
}

// toLowerCase/toUpperCase are locale-independent in JS (unlike toLocale*), as the spec asks.
export const lower = stringFn('lower', 'Lower case, with no locale rules.', (s) => s.toLowerCase(), [{ expr: "lower('ÀB')", result: 'àb' }]);
export const upper = stringFn('upper', 'Upper case, with no locale rules.', (s) => s.toUpperCase(), [{ expr: "upper('straße')", result: 'STRASSE' }]);
// The Unicode White_Space property exactly: String.prototype.trim misses U+0085 (NEL) and adds U+FEFF (BOM).
function isWhiteSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}
// Scans in from both ends: linear, where a /[…]+$/ regex retries from every position of an inner white-space run (quadratic).
function trimWhiteSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isWhiteSpace(s.charCodeAt(start))) start++;
  while (end > start && isWhiteSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}
export const trim = stringFn('trim', 'Removes Unicode white space (the White_Space property) at both ends.', trimWhiteSpace, [
  { expr: "trim('\u00a0 hi \u2003')", result: 'hi' },
  { expr: "length(trim(get('$.s')))", context: { s: '\u0085\ufeffx\u0085' }, result: 2 },
]);

function stringTest(name: string, doc: string, fn: (s: string, t: string) => boolean, examples: Example[]): BuiltinDecl {
  return defineBuiltin({
    name,
    category: 'string',
    doc,
    overloads: [
      overload({
        params: [p('s', T.string), p(name === 'contains' ? 'sub' : name === 'starts_with' ? 'prefix' : 'suffix', T.string)],
        returns: T.boolean,
        impl: ([s, t]) => fn(s, t),
      }),
    ],
    // `contains(get('$.output.text'), 'refund')`: a literal second argument is held, and a
    // string first one is tested in place (no argument list, no overload choice); null or
    // another type takes the generic call, which gives null or the usual error.
    compile({ args, argNodes, generic }) {
      const t = literalOf(argNodes[1]!);
      if (typeof t !== 'string') return undefined;
      const s = args[0]!;
      return (rt) => {
        const v = s(rt);
        return typeof v === 'string' ? fn(v, t) : generic(rt);
      };
    },
    examples,
  });
}

export const contains = stringTest(
  'contains',
  'True when `sub` occurs in `s` (case-sensitive; compose with `lower` to ignore case).',
  (s, t) => s.includes(t),
  [
    { expr: "contains('refund processed', 'refund')", result: true },
    { expr: "contains(lower('REFUND'), 'refund')", result: true },
  ],
);
export const starts_with = stringTest('starts_with', 'True when `s` starts with `prefix` (case-sensitive).', (s, t) => s.startsWith(t), [
  { expr: "starts_with('ses_123', 'ses_')", result: true },
]);
export const ends_with = stringTest('ends_with', 'True when `s` ends with `suffix` (case-sensitive).', (s, t) => s.endsWith(t), [
  { expr: "ends_with('report.pdf', '.pdf')", result: true },
]);

function regexOf(pattern: string, flags: string): RE2JS {
  const problem = flagsProblem(flags);
  if (problem) throw new BareFault(Codes.RuntimeInvalidArgument, problem);
  const re = compileRegex(pattern, flags);
  if (typeof re === 'string') throw new BareFault(Codes.RuntimeInvalidRegex, `invalid regular expression: ${re}`);
  return re;
}

export const matches = defineBuiltin({
  name: 'matches',
  category: 'string',
  doc:
    'True when the RE2 `pattern` matches somewhere in `s` (anchor with `^…$` for a whole match). Linear-time: no catastrophic backtracking. ' +
    'Flags: `i` ignore case, `m` multi-line `^`/`$`, `s` `.` matches newlines. A backslash is an ordinary character in UserFn strings, so `\\d` is written as is.',
  overloads: [
    overload({ params: [p('s', T.string), p('pattern', T.string)], returns: T.boolean, impl: ([s, re]) => regexOf(re, '').test(s) }),
    overload({ params: [p('s', T.string), p('pattern', T.string), p('flags', T.string)], returns: T.boolean, impl: ([s, re, f]) => regexOf(re, f).test(s) }),
  ],
  examples: [
    { expr: "matches('Refund  processed', 'refund\\s+(processed|completed)', 'i')", result: true },
    { expr: "matches('abc', '^b')", result: false },
    { expr: "matches('abc', '(')", error: Codes.InvalidRegex },
  ],
  check(ctx) {
    const pattern = ctx.literal(1);
    const flags = ctx.literal(2);
    if (flags !== undefined) {
      const problem = flagsProblem(flags);
      if (problem) ctx.report(diagnostic(Codes.InvalidArgument, problem, ctx.call.args[2]!.span));
    }
    if (pattern !== undefined) {
      const re = compileRegex(pattern, flags !== undefined && !flagsProblem(flags) ? flags : '');
      if (typeof re === 'string') ctx.report(diagnostic(Codes.InvalidRegex, `invalid regular expression: ${re}`, ctx.call.args[1]!.span));
    }
    return undefined;
  },
});

/** Shortest round-trip text of a value: numbers as JS prints them, datetimes/durations in ISO 8601, lists/objects as JSON. */
export function valueToString(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Object.is(v, -0) ? '0' : String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Datetime || v instanceof Duration) return v.toJSON();
  if (v === null) return 'null';
  return jsonText(v, DEFAULT_LIMITS.maxStringLength, DEFAULT_LIMITS.maxContextDepth);
}

export const to_string = defineBuiltin({
  name: 'to_string',
  category: 'conversion',
  doc: 'Text of a value: numbers in the shortest round-trip form (`42`, `1.5`), booleans as `true`/`false`, datetimes as ISO 8601 in UTC, durations as ISO 8601 durations, lists and objects as JSON.',
  overloads: [
    overload({
      params: [p('x', T.dyn)],
      returns: T.string,
      impl: ([x], rt) => {
        const s =
          x !== null && typeof x === 'object' && !(x instanceof Datetime || x instanceof Duration)
            ? jsonText(x, rt.limits.maxStringLength, rt.limits.maxContextDepth)
            : valueToString(x);
        if (s.length > rt.limits.maxStringLength)
          throw new BareFault(Codes.StringTooLong, `the string would be longer than ${rt.limits.maxStringLength} characters`);
        return s;
      },
    }),
  ],
  examples: [
    { expr: 'to_string(42)', result: '42' },
    { expr: 'to_string(1.5)', result: '1.5' },
    { expr: 'to_string(true)', result: 'true' },
    { expr: "to_string(iso_datetime_parse('2026-11-21T10:00:00+01:00'))", result: '2026-11-21T09:00:00Z' },
    { expr: "to_string([1, 'a'])", result: '[1,"a"]' },
  ],
});

const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

export const to_number = defineBuiltin({
  name: 'to_number',
  category: 'conversion',
  doc: "Parses JSON number syntax, with optional surrounding white space; anything else (`''`, `'12abc'`, `'Infinity'`) is a runtime error. A number is returned as it is.",
  overloads: [
    overload({
      params: [p('s', T.string)],
      returns: T.number,
      impl: ([s]) => {
        const text = s.trim();
        if (text.length > 400 || !JSON_NUMBER.test(text)) throw new BareFault(Codes.InvalidNumberString, `'${s.slice(0, 40)}' is not a number`);
        const n = Number(text);
        if (!Number.isFinite(n)) throw new BareFault(Codes.InvalidNumberString, `'${text.slice(0, 40)}' is out of range`);
        return n;
      },
    }),
    overload({ params: [p('n', T.number)], returns: T.number, impl: ([n]) => n! }),
  ],
  examples: [
    { expr: "to_number(' 42 ')", result: 42 },
    { expr: "to_number('1.5e3')", result: 1500 },
    { expr: "to_number('12abc')", error: Codes.InvalidNumberString },
  ],
});
