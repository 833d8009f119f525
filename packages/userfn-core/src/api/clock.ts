import { OptionError } from '../common/diagnostics/option-error.js';
import { parseIsoDatetime } from '../runtime/time/index.js';

/** The last `now` text parsed, and its milliseconds. */
let lastText: string | undefined;
let lastMs: number | undefined;

/** Epoch milliseconds of a `now` option (a Date or an ISO 8601 string); throws an OptionError when invalid. */
export function clockMs(now: Date | string | undefined): number | undefined {
  if (now === undefined) return undefined;
  if (now instanceof Date) {
    const ms = now.getTime();
    if (Number.isNaN(ms)) throw new OptionError('the now option is an invalid Date');
    return ms;
  }
  if (typeof now === 'string') {
    // a host passes the same text to every compile of a rule set: parsed once
    if (now === lastText) return lastMs;
    try {
      const ms = parseIsoDatetime(now).ms;
      lastText = now;
      lastMs = ms;
      return ms;
    } catch (e) {
      throw new OptionError(`the now option is not an ISO 8601 datetime: ${(e as Error).message}`);
    }
  }
  throw new OptionError('the now option must be a Date or an ISO 8601 string');
}
