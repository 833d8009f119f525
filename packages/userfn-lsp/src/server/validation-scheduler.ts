/**
 * Debounced validation per document: a change (re)starts the document's
 * timer, so a burst of edits is validated once, at its latest version. A
 * document edited without pause is still validated at least every `maxWaitMs`.
 */

/** Timing of the scheduler. */
export interface SchedulerOptions {
  /** Quiet time after the last change before validating. */
  readonly delayMs: number;
  /** Longest a change waits for validation while edits keep arriving. */
  readonly maxWaitMs: number;
}

/** Runs `validate(uri)` once per burst of changes to that document. */
export class ValidationScheduler {
  private readonly timers = new Map<string, { timer: ReturnType<typeof setTimeout>; since: number }>();

  constructor(
    private readonly validate: (uri: string) => void,
    private readonly options: SchedulerOptions,
  ) {}

  /** A document changed: validate it once things are quiet. */
  schedule(uri: string): void {
    const pending = this.timers.get(uri);
    const since = pending?.since ?? Date.now();
    if (pending) clearTimeout(pending.timer);
    const waited = Date.now() - since;
    const delay = waited >= this.options.maxWaitMs ? 0 : this.options.delayMs;
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      this.validate(uri);
    }, delay);
    this.timers.set(uri, { timer, since });
  }

  /** Drops the pending validation of a document (closed, or validated by other means). */
  cancel(uri: string): void {
    const pending = this.timers.get(uri);
    if (pending) clearTimeout(pending.timer);
    this.timers.delete(uri);
  }

  /** Drops every pending validation (shutdown). */
  dispose(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
