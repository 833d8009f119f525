import type { Limits } from '../limits.js';
import { Datetime } from '../values/time-values.js';

/**
 * What one evaluation sees besides its closures: the context, the clock and the
 * limits. One evaluation sees one instant: `now()` is read once, lazily, and
 * kept (or fixed by the host's `now` option).
 */
export class Runtime {
  private nowValue: Datetime | undefined;

  constructor(
    readonly ctx: unknown,
    readonly limits: Limits,
    fixedNowMs?: number,
  ) {
    if (fixedNowMs !== undefined) this.nowValue = new Datetime(fixedNowMs);
  }

  now(): Datetime {
    return (this.nowValue ??= new Datetime(Date.now()));
  }
}
