import type { BuiltinDecl } from './define.js';
import { call_count, called, called_in_order } from './agent.js';
import { coalesce, get, has, json_get, parse_json } from './context.js';
import { avg, sum } from './lists.js';
import { ifBuiltin } from './logic.js';
import {
  abs,
  ceil,
  cos,
  cosdBuiltin,
  degrees,
  exp,
  floor,
  ln,
  log,
  log10,
  max,
  min,
  power,
  radians,
  round,
  sign,
  sin,
  sindBuiltin,
  sqrt,
  tan,
  tandBuiltin,
  trunc,
} from './math.js';
import { contains, ends_with, length, lower, matches, starts_with, to_number, to_string, trim, upper } from './strings.js';
import { datetime_parse, day, days, hour, hours, iso_datetime_parse, minutes, month, now, seconds, to_unix_timestamp, weekday, year } from './time.js';

/** A function table: the builtins plus a host's own functions. */
export type FunctionTable = ReadonlyMap<string, BuiltinDecl>;

/**
 * A table by name. A name declared twice is a programming error, not a
 * choice: throws, where a Map alone would let the later one silently win.
 */
export function tableOf(decls: readonly BuiltinDecl[]): FunctionTable {
  const table = new Map<string, BuiltinDecl>();
  for (const d of decls) {
    if (table.has(d.name)) throw new Error(`builtin '${d.name}' is declared twice`);
    table.set(d.name, d);
  }
  return table;
}

/**
 * Every builtin, listed by hand in the order of the reference docs' categories
 * (registry.test.ts fails when a category file exports one that is missing).
 */
const ALL: readonly BuiltinDecl[] = [
  // context
  get,
  has,
  json_get,
  parse_json,
  coalesce,
  // logic
  ifBuiltin,
  // time
  now,
  iso_datetime_parse,
  datetime_parse,
  to_unix_timestamp,
  seconds,
  minutes,
  hours,
  days,
  year,
  month,
  day,
  hour,
  weekday,
  // math
  abs,
  power,
  sqrt,
  trunc,
  floor,
  ceil,
  round,
  sign,
  exp,
  ln,
  log10,
  log,
  radians,
  degrees,
  sin,
  cos,
  tan,
  sindBuiltin,
  cosdBuiltin,
  tandBuiltin,
  min,
  max,
  // strings and conversions
  length,
  lower,
  upper,
  trim,
  contains,
  starts_with,
  ends_with,
  matches,
  to_string,
  to_number,
  // lists
  sum,
  avg,
  // agent
  called,
  call_count,
  called_in_order,
];

/** Every builtin, by name. The checker, both evaluators, the editor and the docs read this one table. */
export const BUILTINS: FunctionTable = tableOf(ALL);
