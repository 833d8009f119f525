// The one declaration of the pattern letters `datetime_parse` accepts: the
// compiler reads the specs, the generated docs read SUPPORTED_PATTERN_LETTERS,
// and README.md repeats the table for readers of the source. Meanings follow
// Java's DateTimeFormatter for every letter listed; any other ASCII letter is
// reserved (as in Java) and rejected with a hint.
import { DAY_NAMES_FULL, DAY_NAMES_SHORT, MONTH_NAMES_FULL, MONTH_NAMES_SHORT } from './english-names.js';
import type { OffsetForm } from './offset.js';

/** The date-time field a pattern letter sets; a pattern may set each field once. */
export type FieldKind = 'year' | 'month' | 'dayOfMonth' | 'dayOfYear' | 'hour' | 'minute' | 'second' | 'fraction' | 'ampm' | 'weekday' | 'offset';

/** How the text of one field is read. */
export type FieldSpec =
  /** `minWidth`–`maxWidth` ASCII digits in `range`, then `base` is added (2000 for `yy`). */
  | { readonly type: 'number'; readonly minWidth: number; readonly maxWidth: number; readonly range: readonly [number, number]; readonly base: number }
  /** Exactly `digits` digits of a fraction of a second. */
  | { readonly type: 'fraction'; readonly digits: number }
  /** One of `names` (ASCII case ignored); the value is its index + 1. */
  | { readonly type: 'name'; readonly names: readonly string[] }
  /** `AM` or `PM`, ASCII case ignored. */
  | { readonly type: 'ampm' }
  /** A zone offset in the given form. */
  | { readonly type: 'offset'; readonly form: OffsetForm };

/** One accepted letter run (and its synonyms), with its docs. */
export interface LetterEntry {
  readonly letters: string;
  /** Other runs with the same meaning (`E` and `EE` for `EEE`; `S`…`SSSSSSSSS`). */
  readonly also: readonly string[];
  readonly meaning: string;
  readonly example: string;
  readonly kind: FieldKind;
  /** The 12-hour clock (`h`, `hh`): the value needs `a` to become an hour of day. */
  readonly clock12: boolean;
  readonly spec: (run: string) => FieldSpec;
}

/** Human names of the fields, for messages. */
export const FIELD_NAMES: Readonly<Record<FieldKind, string>> = {
  year: 'year',
  month: 'month',
  dayOfMonth: 'day of month',
  dayOfYear: 'day of year',
  hour: 'hour',
  minute: 'minute',
  second: 'second',
  fraction: 'fraction of second',
  ampm: 'AM/PM',
  weekday: 'day name',
  offset: 'zone offset',
};

const num =
  (minWidth: number, maxWidth: number, min: number, max: number, base = 0) =>
  (): FieldSpec => ({ type: 'number', minWidth, maxWidth, range: [min, max], base });
const names = (list: readonly string[]) => (): FieldSpec => ({ type: 'name', names: list });
const offset = (form: OffsetForm) => (): FieldSpec => ({ type: 'offset', form });

function entry(
  letters: string,
  kind: FieldKind,
  meaning: string,
  example: string,
  spec: (run: string) => FieldSpec,
  extra: { also?: readonly string[]; clock12?: boolean } = {},
): LetterEntry {
  return { letters, also: extra.also ?? [], meaning, example, kind, clock12: extra.clock12 ?? false, spec };
}

const yearEntries = (letter: string, note: string): LetterEntry[] => [
  entry(letter.repeat(4), 'year', `year, exactly 4 digits (0000–9999)${note}`, '2026', num(4, 4, 0, 9999)),
  entry(letter.repeat(2), 'year', `year 2000–2099 as 2 digits${note}`, '26', num(2, 2, 0, 99, 2000)),
];

/** Every accepted letter run, in documentation order. */
export const LETTER_ENTRIES: readonly LetterEntry[] = [
  ...yearEntries('y', ''),
  ...yearEntries('u', " (same as 'y': UserFn has no eras)"),
  entry('M', 'month', 'month, 1 or 2 digits (1–12)', '7', num(1, 2, 1, 12)),
  entry('MM', 'month', 'month, exactly 2 digits (01–12)', '07', num(2, 2, 1, 12)),
  entry('MMM', 'month', 'month, English short name (case ignored)', 'Jul', names(MONTH_NAMES_SHORT)),
  entry('MMMM', 'month', 'month, English full name (case ignored)', 'July', names(MONTH_NAMES_FULL)),
  entry('d', 'dayOfMonth', 'day of month, 1 or 2 digits (1–31)', '5', num(1, 2, 1, 31)),
  entry('dd', 'dayOfMonth', 'day of month, exactly 2 digits (01–31)', '05', num(2, 2, 1, 31)),
  entry('D', 'dayOfYear', 'day of year, 1 to 3 digits (1–366)', '32', num(1, 3, 1, 366)),
  entry('DDD', 'dayOfYear', 'day of year, exactly 3 digits (001–366)', '032', num(3, 3, 1, 366)),
  entry('H', 'hour', 'hour of day, 1 or 2 digits (0–23)', '9', num(1, 2, 0, 23)),
  entry('HH', 'hour', 'hour of day, exactly 2 digits (00–23)', '09', num(2, 2, 0, 23)),
  entry('h', 'hour', "clock hour, 1 or 2 digits (1–12); needs 'a'", '9', num(1, 2, 1, 12), { clock12: true }),
  entry('hh', 'hour', "clock hour, exactly 2 digits (01–12); needs 'a'", '09', num(2, 2, 1, 12), { clock12: true }),
  entry('a', 'ampm', "AM or PM (case ignored); needs 'h' or 'hh'", 'PM', () => ({ type: 'ampm' })),
  entry('m', 'minute', 'minute, 1 or 2 digits (0–59)', '5', num(1, 2, 0, 59)),
  entry('mm', 'minute', 'minute, exactly 2 digits (00–59)', '05', num(2, 2, 0, 59)),
  entry('s', 'second', 'second, 1 or 2 digits (0–59)', '7', num(1, 2, 0, 59)),
  entry('ss', 'second', 'second, exactly 2 digits (00–59)', '07', num(2, 2, 0, 59)),
  entry(
    'SSS',
    'fraction',
    'fraction of a second, exactly as many digits as letters (S to SSSSSSSSS); kept to the millisecond, extra digits truncated',
    '123',
    (run) => ({ type: 'fraction', digits: run.length }),
    { also: ['S', 'SS', 'SSSS', 'SSSSS', 'SSSSSS', 'SSSSSSS', 'SSSSSSSS', 'SSSSSSSSS'] },
  ),
  entry('EEE', 'weekday', "day name, English short (case ignored); must match the date; 'E' and 'EE' are the same", 'Tue', names(DAY_NAMES_SHORT), {
    also: ['E', 'EE'],
  }),
  entry('EEEE', 'weekday', 'day name, English full (case ignored); must match the date', 'Tuesday', names(DAY_NAMES_FULL)),
  entry('X', 'offset', "zone offset 'Z', ±hh or ±hhmm", '+02', offset({ zulu: true, colon: false, minutesOptional: true, describe: 'Z, ±hh or ±hhmm' })),
  entry('XX', 'offset', "zone offset 'Z' or ±hhmm", '+0200', offset({ zulu: true, colon: false, minutesOptional: false, describe: 'Z or ±hhmm' })),
  entry('XXX', 'offset', "zone offset 'Z' or ±hh:mm", '+02:00', offset({ zulu: true, colon: true, minutesOptional: false, describe: 'Z or ±hh:mm' })),
  entry('x', 'offset', 'zone offset ±hh or ±hhmm (zero is +00)', '+00', offset({ zulu: false, colon: false, minutesOptional: true, describe: '±hh or ±hhmm' })),
  entry('xx', 'offset', 'zone offset ±hhmm (zero is +0000)', '+0000', offset({ zulu: false, colon: false, minutesOptional: false, describe: '±hhmm' })),
  entry('xxx', 'offset', 'zone offset ±hh:mm (zero is +00:00)', '+00:00', offset({ zulu: false, colon: true, minutesOptional: false, describe: '±hh:mm' })),
  entry(
    'Z',
    'offset',
    "zone offset ±hhmm; 'ZZ' and 'ZZZ' are the same",
    '-0800',
    offset({ zulu: false, colon: false, minutesOptional: false, describe: '±hhmm' }),
    {
      also: ['ZZ', 'ZZZ'],
    },
  ),
];

/** Pattern letters and quoting accepted by `datetime_parse`, for the generated docs. */
export const SUPPORTED_PATTERN_LETTERS: readonly { letters: string; meaning: string; example: string }[] = Object.freeze([
  ...LETTER_ENTRIES.map(({ letters, meaning, example }) => Object.freeze({ letters, meaning, example })),
  Object.freeze({ letters: "'text'", meaning: 'literal text, matched exactly (case-sensitive); letters must be quoted', example: 'T' }),
  Object.freeze({ letters: "''", meaning: 'one single quote, inside or outside quoted text', example: "'" }),
]);

/** What a reserved, unsupported letter means in Java, and the nearest supported form where there is one. */
export const UNSUPPORTED_LETTERS: Readonly<Record<string, { readonly meaning: string; readonly advice?: string }>> = {
  G: { meaning: 'era', advice: "years are 0000–9999 with 'yyyy'" },
  Y: { meaning: 'week-based year', advice: "for the calendar year use 'yyyy'" },
  w: { meaning: 'week of week-based year' },
  W: { meaning: 'week of month' },
  e: { meaning: 'localized day of week', advice: "use 'EEE' for an English day name" },
  c: { meaning: 'localized day of week', advice: "use 'EEE' for an English day name" },
  F: { meaning: 'aligned week of month' },
  Q: { meaning: 'quarter of year' },
  q: { meaning: 'quarter of year' },
  L: { meaning: 'stand-alone month', advice: "use 'MM', 'MMM' or 'MMMM'" },
  k: { meaning: 'clock hour 1–24', advice: "use 'HH' (0–23)" },
  K: { meaning: 'hour of AM/PM 0–11', advice: "use 'hh' (1–12) with 'a'" },
  n: { meaning: 'nanosecond of second', advice: "use 'S' … 'SSSSSSSSS' for a fraction" },
  N: { meaning: 'nanosecond of day' },
  A: { meaning: 'millisecond of day' },
  B: { meaning: 'day period', advice: "use 'a' for AM/PM" },
  V: { meaning: 'time-zone ID', advice: "use 'XXX' for an offset such as +02:00" },
  v: { meaning: 'time-zone name', advice: "use 'XXX' for an offset such as +02:00" },
  z: { meaning: 'time-zone name', advice: "use 'XXX' for an offset such as +02:00" },
  O: { meaning: 'localized offset such as GMT+2', advice: "use 'XXX', or 'GMT'xx for GMT+0200" },
};
