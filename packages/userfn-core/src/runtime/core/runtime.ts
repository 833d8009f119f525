import type { Limits } from '../../common/limits.js';
import { Datetime } from '../../common/values/time-values.js';

/**
 * What one evaluation sees besides its closures: the context, the clock and the
 * limits. One evaluation sees one instant: `now()` is read once, lazily, and
 * kept (or fixed by the host's `now` option). A compiled expression reuses one
 * Runtime across evaluations (release() after each) so the hot path allocates nothing.
 */
export class Runtime {
  ctx: unknown;
  private fixedNowMs: number | undefined;
  private nowValue: Datetime | undefined;

  constructor(
    ctx: unknown,
    readonly limits: Limits,
    fixedNowMs?: number,
  ) {
    this.ctx = ctx;
    this.fixedNowMs = fixedNowMs;
    this.nowValue = undefined;
  }

  /** Fixes the clock of the evaluations to come (undefined: the system clock). */
  useClock(fixedNowMs: number | undefined): void {
    this.fixedNowMs = fixedNowMs;
  }

  /** Ends an evaluation: the caller's context is not kept alive, and the next evaluation reads the clock anew. */
  release(): void {
    this.ctx = undefined;
    this.nowValue = undefined;
  }

  now(): Datetime {
    return (this.nowValue ??= new Datetime(this.fixedNowMs ?? Date.now()));
  }
}
