// UTC components and Unix time of a Datetime. Only UTC getters are used, so
// the process time zone never matters.
import type { Datetime } from '../../common/values/time-values.js';
import { isoWeekday } from './calendar.js';

/** Earliest and latest epoch milliseconds a JavaScript Date can represent (±100,000,000 days). */
const MAX_MS = 8.64e15;

/** The UTC year, month (1–12), day, hour, minute, second and ISO weekday (1 = Monday … 7 = Sunday); throws RangeError outside ±8.64e15 ms. */
export function datetimeParts(dt: Datetime): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
} {
  // Floor, not truncate: a fractional instant just before the epoch
  // (-0.5 ms) belongs to 1969-12-31T23:59:59.999, as in formatIsoUtc.
  const ms = Math.floor(checkedMs(dt));
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    weekday: isoWeekday(ms),
  };
}

/** Seconds since 1970-01-01T00:00:00Z, fractional when there are milliseconds; throws RangeError outside ±8.64e15 ms. */
export function toUnixTimestamp(dt: Datetime): number {
  // `+ 0` turns -0 into 0 so that to_string never prints "-0".
  return checkedMs(dt) / 1000 + 0;
}

function checkedMs(dt: Datetime): number {
  if (!(Math.abs(dt.ms) <= MAX_MS)) throw new RangeError(`datetime out of range: ${dt.ms} ms from the epoch`);
  return dt.ms;
}
