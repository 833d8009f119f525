/**
 * Every service function is wrapped: an internal failure is reported to the
 * host's `onError` and the caller gets an empty result, so one bad input can
 * never take an editor's language features down.
 */

/** Runs `fn`; on a throw, reports it and returns `fallback()`. */
export function guarded<R>(feature: string, onError: (feature: string, error: unknown) => void, fallback: () => R, fn: () => R): R {
  try {
    return fn();
  } catch (error) {
    try {
      onError(feature, error);
    } catch {
      // a failing logger must not turn a caught failure into a thrown one
    }
    return fallback();
  }
}
