import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic } from '../../common/diagnostics/diagnostic.js';
import { BareFault } from '../core/fault.js';
import { datetimeParts, parseDatetimePattern, parseIsoDatetime, PatternError, TimeParseError, toUnixTimestamp, validatePattern } from '../time/index.js';
import { T } from '../../common/types/type.js';
import { type Datetime, Duration } from '../../common/values/time-values.js';
import { defineBuiltin, p, type BuiltinDecl } from './define.js';

function parsed<R>(run: () => R): R {
  try {
    return run();
  } catch (e) {
    if (e instanceof PatternError) throw new BareFault(Codes.RuntimeInvalidArgument, `invalid datetime pattern: ${e.message}`);
    if (e instanceof TimeParseError) throw new BareFault(Codes.InvalidDatetime, e.message);
    throw e;
  }
}

export const now = defineBuiltin({
  name: 'now',
  category: 'time',
  doc: "The evaluation's clock. One evaluation sees one instant; hosts can fix it with the `now` option.",
  overloads: [{ params: [], returns: T.datetime, impl: (_args, rt) => rt.now() }],
  examples: [
    { expr: 'now()', now: '2026-11-21T12:00:00Z', result: '2026-11-21T12:00:00Z' },
    { expr: "hours(now() - iso_datetime_parse('2026-11-21T10:00:00Z'))", now: '2026-11-21T12:00:00Z', result: 2 },
  ],
});

export const iso_datetime_parse = defineBuiltin({
  name: 'iso_datetime_parse',
  category: 'time',
  doc: 'Parses an ISO 8601 / RFC 3339 date-time (`Z` or `±hh:mm`; no zone means UTC) or a date `yyyy-MM-dd`. Strict: `2024-02-30` is an error.',
  overloads: [{ params: [p('text', T.string)], returns: T.datetime, impl: ([s]) => parsed(() => parseIsoDatetime(s as string)) }],
  examples: [
    { expr: "iso_datetime_parse('2026-11-21T10:00:00+02:00')", result: '2026-11-21T08:00:00Z' },
    { expr: "iso_datetime_parse('2024-02-29')", result: '2024-02-29T00:00:00Z' },
    { expr: "iso_datetime_parse('2024-02-30')", error: Codes.InvalidDatetime },
  ],
});

export const datetime_parse = defineBuiltin({
  name: 'datetime_parse',
  category: 'time',
  doc:
    "Parses text with a Java `DateTimeFormatter`-style pattern (`yyyy MM dd HH mm ss SSS`, `'literal'`, `XXX`, `a`, `h`, English month and day names). " +
    'Strict; missing fields default to the start of the day or year, UTC.',
  overloads: [
    {
      params: [p('text', T.string), p('pattern', T.string)],
      returns: T.datetime,
      impl: ([s, f]) => parsed(() => parseDatetimePattern(s as string, f as string)),
    },
  ],
  examples: [
    { expr: "datetime_parse('21/11/2026 10:30', 'dd/MM/yyyy HH:mm')", result: '2026-11-21T10:30:00Z' },
    { expr: "datetime_parse('Nov 21, 2026 3:05 PM', 'MMM d, yyyy h:mm a')", result: '2026-11-21T15:05:00Z' },
    { expr: "datetime_parse('2026-13-01', 'yyyy-MM-dd')", error: Codes.InvalidDatetime },
  ],
  check(ctx) {
    const pattern = ctx.literal(1);
    if (pattern === undefined) return undefined;
    const problem = validatePattern(pattern);
    if (problem) {
      ctx.report(diagnostic(Codes.InvalidArgument, `invalid datetime pattern: ${problem.message}`, ctx.literalSpan(1, problem.offset, 1)));
    }
    return undefined;
  },
});

export const to_unix_timestamp = defineBuiltin({
  name: 'to_unix_timestamp',
  category: 'time',
  doc: 'Seconds since the Unix epoch (fractional when there are milliseconds).',
  overloads: [{ params: [p('dt', T.datetime)], returns: T.number, impl: ([d]) => toUnixTimestamp(d as Datetime) }],
  examples: [
    { expr: "to_unix_timestamp(iso_datetime_parse('1970-01-01T00:00:01.5Z'))", result: 1.5 },
    { expr: 'to_unix_timestamp(null)', result: null },
  ],
});

function unit(name: string, ms: number, plural: string): BuiltinDecl {
  return defineBuiltin({
    name,
    category: 'time',
    doc: `A number gives a duration of that many ${plural}; a duration gives its length in ${plural}, as a number.`,
    overloads: [
      {
        params: [p('n', T.number)],
        returns: T.duration,
        impl: ([n]) => {
          const v = (n as number) * ms;
          if (!Number.isFinite(v)) throw new BareFault(Codes.NonFinite, 'the duration is out of range');
          return new Duration(v);
        },
      },
      { params: [p('d', T.duration)], returns: T.number, impl: ([d]) => (d as Duration).ms / ms },
    ],
    examples: [
      { expr: `${name}(2)`, result: new Duration(2 * ms).toJSON() },
      { expr: `${name}(${name}(3))`, result: 3 },
    ],
  });
}

export const seconds = unit('seconds', 1000, 'seconds');
export const minutes = unit('minutes', 60_000, 'minutes');
export const hours = unit('hours', 3_600_000, 'hours');
export const days = unit('days', 86_400_000, 'days');

function part(name: string, pick: keyof ReturnType<typeof datetimeParts>, doc: string, example: number): BuiltinDecl {
  return defineBuiltin({
    name,
    category: 'time',
    doc,
    overloads: [{ params: [p('dt', T.datetime)], returns: T.number, impl: ([d]) => datetimeParts(d as Datetime)[pick] }],
    examples: [{ expr: `${name}(iso_datetime_parse('2026-11-21T10:30:00Z'))`, result: example }],
  });
}

export const year = part('year', 'year', 'The UTC year of a datetime.', 2026);
export const month = part('month', 'month', 'The UTC month of a datetime, 1 = January … 12 = December.', 11);
export const day = part('day', 'day', 'The UTC day of the month of a datetime, 1 … 31.', 21);
export const hour = part('hour', 'hour', 'The UTC hour of a datetime, 0 … 23.', 10);
export const weekday = part('weekday', 'weekday', 'The UTC day of the week of a datetime, 1 = Monday … 7 = Sunday.', 6);
