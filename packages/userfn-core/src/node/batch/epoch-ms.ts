/** The current time in epoch milliseconds, sub-millisecond and comparable across threads (each has its own `performance.now()` origin). */
export const epochMs = (): number => performance.timeOrigin + performance.now();
