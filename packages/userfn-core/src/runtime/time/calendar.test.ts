import { describe, expect, it } from 'vitest';
import { daysInMonth, daysInYear, isLeap, utcMillis } from './calendar.js';

// The month and year lengths are arithmetic; the engine's own proleptic Gregorian
// calendar (a UTC Date set to day 0 of the next month) is the oracle, over 20,001 years.
function oracleDaysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

describe('calendar lengths', () => {
  it('agree with the engine’s proleptic Gregorian calendar for every month of years -10000 to 10000', () => {
    const wrong: string[] = [];
    for (let year = -10000; year <= 10000; year++) {
      let total = 0;
      for (let month = 1; month <= 12; month++) {
        const n = daysInMonth(year, month);
        total += n;
        if (n !== oracleDaysInMonth(year, month)) wrong.push(`${year}-${month}: ${n}`);
      }
      if (daysInYear(year) !== total) wrong.push(`${year}: ${daysInYear(year)} days, months sum to ${total}`);
    }
    expect(wrong).toEqual([]);
  });

  it('follow the leap rule at its edges: year 0, centuries, four centuries, negative years', () => {
    expect([0, 4, 1600, 2000, 2024, -4, -400].map(isLeap)).toEqual([true, true, true, true, true, true, true]);
    expect([1, 100, 1900, 2100, 2023, -1, -100].map(isLeap)).toEqual([false, false, false, false, false, false, false]);
    expect([daysInMonth(2024, 2), daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2023, 12)]).toEqual([29, 28, 29, 31]);
  });
});

describe('utcMillis', () => {
  // Date.UTC for most years, a Date for years 0-99 (which Date.UTC would read as 1900-1999)
  it('gives the instant of the fields for years on both sides of 0-99 and inside it', () => {
    const at = (year: number) => {
      const d = new Date(0);
      d.setUTCFullYear(year, 1, 29);
      d.setUTCHours(23, 59, 58, 999);
      return d.getTime();
    };
    for (const year of [-271820, -1, 0, 4, 50, 99, 100, 1900, 2024, 275759]) {
      expect(utcMillis({ year, month: 2, day: 29, hour: 23, minute: 59, second: 58, millisecond: 999 }), String(year)).toBe(at(year));
    }
    expect(new Date(utcMillis({ year: 50, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 })).getUTCFullYear()).toBe(50);
  });
});
