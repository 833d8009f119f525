/** Small formatting helpers for what the page shows. */

/** `12.3 MB`, `4.0 kB`, `512 B` (decimal units). */
export function formatBytes(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} B`;
}

/**
 * A duration in milliseconds: `< 0.1 ms`, `3.1 ms`, `1,250 ms`. Browsers
 * round performance.now() to 0.1 ms (timing attacks), so finer digits would lie.
 */
export function formatMs(ms: number): string {
  if (ms < 0.1) return '< 0.1 ms';
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** A 0..1 score as `0.857` (three decimals, trailing zeros dropped). */
export function formatScore(score: number): string {
  return String(Math.round(score * 1000) / 1000);
}

/**
 * An expression cut where a line may break: after `(`, `[`, `,` and spaces,
 * and after a `.` that is not a decimal point (`get('$.output.` | `status')`),
 * so that a narrow column wraps between names, never inside one
 * (`lookup_account` stays whole). Joined back, the pieces are the text.
 */
export function breakPoints(text: string): string[] {
  return text.split(/(?<=[([, ])(?=\S)|(?<=\.)(?=[^\d\s])/);
}
