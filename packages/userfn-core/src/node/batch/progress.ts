import type { BatchProgress } from './verify-stream.js';

const WIDTH = 24;

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * One progress line: a bar and ETA when the input size is known (a file),
 * else only the count and rate (standard input).
 * `[##########--------------]  42%  12,345 records  5,678/s  ETA 0:12`
 */
export function progressLine(p: BatchProgress, elapsedMs: number, totalBytes?: number): string {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(p.records / seconds) : 0;
  const judging = p.judgeInFlight !== undefined ? `  ${p.judgeInFlight} judge call${p.judgeInFlight === 1 ? '' : 's'} in flight` : '';
  const counts = `${p.records.toLocaleString('en-US')} records  ${rate.toLocaleString('en-US')}/s${judging}`;
  if (!totalBytes) return counts;
  const fraction = Math.min(1, p.bytesRead / totalBytes);
  const filled = Math.round(fraction * WIDTH);
  const eta = fraction > 0 && seconds > 0 ? clock((seconds / fraction) * (1 - fraction)) : '?';
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${counts}  ETA ${eta}`;
}

/** Redraws the progress line on a terminal at most every `intervalMs`; `done` erases it. */
export function progressReporter(write: (text: string) => void, totalBytes: number | undefined, intervalMs = 100, now: () => number = Date.now) {
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    update(p: BatchProgress): void {
      const t = now();
      if (t - last < intervalMs) return;
      last = t;
      shown = true;
      write(`\r${progressLine(p, t - start, totalBytes)}\x1b[K`);
    },
    done(): void {
      if (shown) write('\r\x1b[K');
    },
  };
}
