import { afterEach, expect, test } from 'vitest';
import { datetimeParts, parseDatetimePattern, parseIsoDatetime, toUnixTimestamp } from './index.js';

// Node re-reads process.env.TZ when it is assigned, so the same process can
// be run under several zones. Each zone is chosen to break a computation that
// used local time: a half-hour offset, a date-line zone, a DST zone.
const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const zones = ['UTC', 'Asia/Kolkata', 'Pacific/Kiritimati', 'America/St_Johns', 'Pacific/Pago_Pago', 'Europe/London'];

test('the zone switch takes effect in this process (otherwise the test below proves nothing)', () => {
  process.env.TZ = 'Asia/Kolkata';
  expect(new Date(0).getTimezoneOffset()).toBe(-330);
  process.env.TZ = 'America/St_Johns';
  expect(new Date(0).getTimezoneOffset()).toBe(210);
});

test.each(zones)('results are the same under TZ=%s', (zone) => {
  process.env.TZ = zone;
  expect(parseIsoDatetime('2026-11-21T10:00:00.123+02:00').ms).toBe(1_795_248_000_123);
  expect(parseIsoDatetime('2024-03-31').ms).toBe(1_711_843_200_000);
  // 0000-01-01 is -62_167_219_200 s; February 29 is 59 days later.
  expect(parseIsoDatetime('0000-02-29').ms).toBe(-62_162_121_600_000);
  expect(parseDatetimePattern('31 Mar 2024 1:30 AM', 'd MMM yyyy h:mm a').ms).toBe(1_711_848_600_000);
  expect(parseDatetimePattern('10:30', 'HH:mm').ms).toBe(37_800_000);
  expect(datetimeParts(parseIsoDatetime('2024-12-31T23:30:00Z'))).toEqual({
    year: 2024,
    month: 12,
    day: 31,
    hour: 23,
    minute: 30,
    second: 0,
    weekday: 2,
  });
  expect(toUnixTimestamp(parseIsoDatetime('2024-03-31T01:30:00Z'))).toBe(1_711_848_600);
});
