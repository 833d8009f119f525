/** Timing helpers for editor changes: debounce typing, and run one job at a time, latest request last. */

/** A function that runs `fn` once `ms` after the last call; `flush` runs a pending call now. */
export interface Debounced {
  (): void;
  flush(): void;
  cancel(): void;
}

/** Debounces `fn` by `ms` (a function, so the delay can depend on the moment, e.g. the context size). */
export function debounce(fn: () => void, ms: number | (() => number)): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    timer = undefined;
    fn();
  };
  const call = (() => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, typeof ms === 'number' ? ms : ms());
  }) as Debounced;
  call.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  call.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return call;
}

/**
 * Runs an async job so that only one runs at a time; requests made while it
 * runs collapse into one more run afterwards (the latest state is what
 * counts: intermediate ones would only be shown and replaced).
 */
export function latestOnly(job: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const trigger = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          try {
            await job();
          } catch (e) {
            console.error(e); // one failed run must not stop the ones after it
          }
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  return trigger;
}
