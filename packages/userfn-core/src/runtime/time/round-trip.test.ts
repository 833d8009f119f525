import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatIsoUtc } from '../../common/values/time-values.js';
import { datetimeParts, parseDatetimePattern, parseIsoDatetime } from './index.js';

// Every millisecond of years 0000–9999, printed by the values module's
// formatter (or by Date's UTC getters), must parse back to itself.
const FIRST = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z
const LAST = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
const instant = fc.integer({ min: FIRST, max: LAST });
// Offsets in minutes: RFC 3339 allows ±23:59.
const offset = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

function written(ms: number, offsetMinutes: number): string {
  // The wall-clock time at that offset, printed with the offset.
  const d = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}` +
    `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`
  );
}

// The wall-clock year must stay within 0000–9999 for the text to be valid.
const inRange = ([ms, off]: [number, number]): boolean => ms + off * 60_000 >= FIRST && ms + off * 60_000 <= LAST;

test('formatIsoUtc output parses back to the same instant', () => {
  fc.assert(
    fc.property(instant, (ms) => {
      expect(parseIsoDatetime(formatIsoUtc(ms)).ms).toBe(ms);
    }),
  );
});

test('a date-time written at any offset parses to the same instant, ISO and pattern alike', () => {
  fc.assert(
    fc.property(fc.tuple(instant, offset).filter(inRange), ([ms, off]) => {
      const text = written(ms, off);
      expect(parseIsoDatetime(text).ms).toBe(ms);
      expect(parseDatetimePattern(text, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX").ms).toBe(ms);
    }),
  );
});

test('datetimeParts agrees with the printed UTC form', () => {
  fc.assert(
    fc.property(instant, (ms) => {
      const p = datetimeParts(parseIsoDatetime(formatIsoUtc(ms)));
      const text = `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}T${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}`;
      expect(formatIsoUtc(ms).startsWith(text)).toBe(true);
    }),
  );
});
