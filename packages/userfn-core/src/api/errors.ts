import { Codes } from '../common/diagnostics/codes.js';
import { LineIndex } from '../common/diagnostics/line-index.js';
import { UserFnError } from '../common/diagnostics/user-fn-error.js';
import { BareFault, Fault } from '../runtime/core/fault.js';

/**
 * Turns anything thrown during evaluation into a UserFnError with a located
 * span: the library never lets another kind of error out.
 */
export function toUserFnError(e: unknown, source: string, rootSpan: { start: number; end: number }): UserFnError {
  if (e instanceof UserFnError) return e;
  const lines = new LineIndex(source);
  if (e instanceof Fault) return new UserFnError(e.code, e.message, lines.locate(e.span), e.hint !== undefined ? { hint: e.hint } : {});
  if (e instanceof BareFault) return new UserFnError(e.code, e.message, lines.locate(rootSpan), e.hint !== undefined ? { hint: e.hint } : {});
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return new UserFnError(Codes.NestingTooDeep, 'the evaluation nested too deeply', lines.locate(rootSpan));
  }
  const message = e instanceof Error ? e.message : String(e);
  return new UserFnError(Codes.Internal, `internal error: ${message}`, lines.locate(rootSpan));
}

/** An error about the options themselves (a bad clock, a malformed host function), pointing at the whole source. */
export function optionError(message: string, source: string): UserFnError {
  return new UserFnError(Codes.InvalidArgument, message, new LineIndex(source).locate({ start: 0, end: source.length }));
}
