/**
 * A point in time, stored as milliseconds since the Unix epoch (UTC; may be
 * fractional after arithmetic with fractional durations). Datetimes compare by
 * instant; the offset a string was written with is not kept.
 */
export class Datetime {
  constructor(readonly ms: number) {}

  /** ISO 8601 in UTC, e.g. `2026-11-21T10:00:00Z` (milliseconds shown only when non-zero). */
  toJSON(): string {
    return formatIsoUtc(this.ms);
  }

  toString(): string {
    return this.toJSON();
  }
}

/** A length of time, stored as milliseconds (may be negative or fractional). */
export class Duration {
  constructor(readonly ms: number) {}

  /** ISO 8601 duration, e.g. `PT1H30M`, `P1DT2H`, `-PT0.5S`, `PT0S`. */
  toJSON(): string {
    return formatIsoDuration(this.ms);
  }

  toString(): string {
    return this.toJSON();
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function formatIsoUtc(ms: number): string {
  const d = new Date(Math.floor(ms));
  if (Number.isNaN(d.getTime())) return 'Invalid datetime';
  const y = d.getUTCFullYear();
  const year = y >= 0 && y <= 9999 ? pad(y, 4) : (y < 0 ? '-' : '+') + pad(Math.abs(y), 6);
  const base = `${year}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  const millis = d.getUTCMilliseconds();
  return millis === 0 ? `${base}Z` : `${base}.${pad(millis, 3)}Z`;
}

export function formatIsoDuration(ms: number): string {
  if (ms === 0) return 'PT0S';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  const days = Math.floor(rest / 86_400_000);
  rest -= days * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = rest / 1000;
  let out = `${sign}P`;
  if (days > 0) out += `${days}D`;
  if (hours > 0 || minutes > 0 || seconds > 0) {
    out += 'T';
    if (hours > 0) out += `${hours}H`;
    if (minutes > 0) out += `${minutes}M`;
    if (seconds > 0) out += `${Number(seconds.toFixed(6))}S`;
  }
  return out;
}
