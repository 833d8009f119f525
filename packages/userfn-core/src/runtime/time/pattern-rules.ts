// Rules on which fields may be combined. Java would fail (or silently
// default) at parse time; UserFn rejects such patterns up front, so the
// classic slips — 'yyyy-mm-dd' (minutes for month), 'HH:MM' (month for
// minutes), 'hh:mm' without 'a' — are reported when the expression is checked.
import type { CompiledPattern, FieldToken } from './pattern-compile.js';
import { FIELD_NAMES, type FieldKind } from './pattern-letters.js';
import { quote } from './text-scan.js';

/** What is wrong with a combination of fields, and where. */
export interface CombinationProblem {
  readonly offset: number;
  readonly message: string;
}

const TIME_UNITS: readonly FieldKind[] = ['hour', 'minute', 'second', 'fraction'];

/** The first broken combination rule, or null. */
export function combinationProblem(compiled: CompiledPattern): CombinationProblem | null {
  const rules = [adjacentNumbers, clockHour, dayNeedsMonth, dayOfYearAlone, timeGap, timeNeedsDay, dayNameNeedsDate];
  for (const rule of rules) {
    const problem = rule(compiled);
    if (problem !== null) return problem;
  }
  return null;
}

const isNumeric = (t: FieldToken): boolean => t.spec.type === 'number' || t.spec.type === 'fraction';
const isVariableWidth = (t: FieldToken): boolean => t.spec.type === 'number' && t.spec.minWidth !== t.spec.maxWidth;

/** `dM` on "112" could be 1-12 or 11-2: a variable-width number must not touch another number. */
function adjacentNumbers({ tokens }: CompiledPattern): CombinationProblem | null {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i];
    const b = tokens[i + 1];
    if (a?.type === 'field' && b?.type === 'field' && isVariableWidth(a) && isNumeric(b)) {
      return {
        offset: a.offset,
        message: `${quote(a.run)} has a variable number of digits and is directly followed by ${quote(b.run)}: put a separator between them or use the fixed-width form`,
      };
    }
  }
  return null;
}

/** `h` is 1–12 and means nothing without AM/PM; `a` beside a 24-hour `H` would be redundant or contradictory. */
function clockHour({ fields }: CompiledPattern): CombinationProblem | null {
  const hour = fields.get('hour');
  const ampm = fields.get('ampm');
  if (hour?.clock12 === true && ampm === undefined) {
    return { offset: hour.offset, message: `${quote(hour.run)} is the clock hour 1–12 and needs 'a' (AM/PM); for hours 0–23 use 'HH'` };
  }
  if (ampm !== undefined && hour?.clock12 !== true) {
    return { offset: ampm.offset, message: "'a' (AM/PM) needs the clock hour 'h' or 'hh'; with 'HH' (0–23) leave 'a' out" };
  }
  return null;
}

function dayNeedsMonth({ fields }: CompiledPattern): CombinationProblem | null {
  const day = fields.get('dayOfMonth');
  if (day === undefined || fields.has('month')) return null;
  const minuteRun = fields.get('minute')?.run;
  const slip = minuteRun === 'mm' || minuteRun === 'm' ? ` — ${quote(minuteRun)} is minutes; the month is 'MM'` : '';
  return { offset: day.offset, message: `the day of month ${quote(day.run)} needs a month ('MM' or 'MMM')${slip}` };
}

function dayOfYearAlone({ fields }: CompiledPattern): CombinationProblem | null {
  const dayOfYear = fields.get('dayOfYear');
  if (dayOfYear === undefined) return null;
  const other = fields.get('month') ?? fields.get('dayOfMonth');
  if (other === undefined) return null;
  const later = other.offset > dayOfYear.offset ? other : dayOfYear;
  return { offset: later.offset, message: "use either the day of year 'D' or a month and day, not both" };
}

/** Time fields must run without a hole from the largest given down to the smallest ('HH:ss' has no minute). */
function timeGap({ fields }: CompiledPattern): CombinationProblem | null {
  const present = TIME_UNITS.map((k) => fields.has(k));
  const first = present.indexOf(true);
  const last = present.lastIndexOf(true);
  const largest = TIME_UNITS[first];
  for (let i = first + 1; i < last; i++) {
    const missing = TIME_UNITS[i];
    if (largest !== undefined && missing !== undefined && !present[i]) {
      const after = TIME_UNITS.slice(i + 1).find((k) => fields.has(k)) as FieldKind;
      const token = fields.get(after) as FieldToken;
      return {
        offset: token.offset,
        message: `the pattern has the ${FIELD_NAMES[largest]} and the ${FIELD_NAMES[after]} but no ${FIELD_NAMES[missing]}`,
      };
    }
  }
  return null;
}

/** A time of day on a date that stops at the month or year ('HH:MM', 'yyyy HH') is almost always a slip. */
function timeNeedsDay({ fields, tokens }: CompiledPattern): CombinationProblem | null {
  const hasTime = TIME_UNITS.some((k) => fields.has(k));
  const dateField = fields.get('month') ?? fields.get('year');
  if (!hasTime || dateField === undefined || fields.has('dayOfMonth') || fields.has('dayOfYear')) return null;
  const month = fields.get('month');
  const slip = month !== undefined && month.spec.type === 'number' && !fields.has('minute') ? ` — ${quote(month.run)} is the month; minutes are 'mm'` : '';
  const firstTime = tokens.find((t) => t.type === 'field' && TIME_UNITS.includes(t.kind)) as FieldToken;
  return {
    offset: month?.offset ?? dateField.offset,
    message: `${quote(firstTime.run)} is a time of day, but the date has no day: add the day ('dd', or 'D')${slip}`,
  };
}

/** A day name is checked against the date, so there must be a whole date to check it against. */
function dayNameNeedsDate({ fields }: CompiledPattern): CombinationProblem | null {
  const weekday = fields.get('weekday');
  if (weekday === undefined) return null;
  const fullDate = fields.has('year') && ((fields.has('month') && fields.has('dayOfMonth')) || fields.has('dayOfYear'));
  if (fullDate) return null;
  return {
    offset: weekday.offset,
    message: `the day name ${quote(weekday.run)} is checked against the date, so the pattern needs a year, month and day (or a year and 'D')`,
  };
}
