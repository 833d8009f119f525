import { describe, expect, it } from 'vitest';
import { OptionError } from '../common/diagnostics/option-error.js';
import { clockMs } from './clock.js';

describe('clockMs', () => {
  it('reads a Date, an ISO 8601 text (the same text again from its last parse), or nothing', () => {
    expect(clockMs(undefined)).toBeUndefined();
    expect(clockMs(new Date(Date.UTC(2026, 10, 26)))).toBe(Date.UTC(2026, 10, 26));
    expect(clockMs('2026-11-26T08:00:00Z')).toBe(Date.UTC(2026, 10, 26, 8));
    expect(clockMs('2026-11-26T08:00:00Z')).toBe(Date.UTC(2026, 10, 26, 8));
    expect(clockMs('2026-11-26T09:30:00+01:00')).toBe(Date.UTC(2026, 10, 26, 8, 30));
    expect(clockMs('2026-11-26T08:00:00Z')).toBe(Date.UTC(2026, 10, 26, 8));
  });

  it('refuses a bad text every time, also right after a good one, and a bad Date or value', () => {
    expect(clockMs('2026-11-26T08:00:00Z')).toBe(Date.UTC(2026, 10, 26, 8));
    for (let i = 0; i < 2; i++) expect(() => clockMs('yesterday')).toThrow(/the now option is not an ISO 8601 datetime/);
    expect(() => clockMs(new Date(Number.NaN))).toThrow(OptionError);
    expect(() => clockMs(42 as unknown as string)).toThrow(/must be a Date or an ISO 8601 string/);
    expect(clockMs('2026-11-26T08:00:00Z')).toBe(Date.UTC(2026, 10, 26, 8));
  });
});
