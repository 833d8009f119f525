import type { Code } from '../../common/diagnostics/codes.js';
import type { Span } from '../../common/diagnostics/span.js';

/**
 * A runtime failure inside evaluation. It carries a span but no line/column:
 * those are computed only when the error leaves the library (evaluate()
 * turns a Fault into a UserFnError), so the hot path never builds a line index.
 */
export class Fault extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly span: Span,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** A fault raised by code that does not know its span yet (a builtin); the caller adds the call site. */
export class BareFault extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
