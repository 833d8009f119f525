import type { Code, ErrorKind } from './codes.js';
import { kindOfCode } from './codes.js';
import type { Diagnostic } from './diagnostic.js';
import { LineIndex } from './line-index.js';
import type { LocatedSpan, Span } from './span.js';

/**
 * The only error UserFn throws. `span` has line/column when the source is known.
 * `diagnostics` holds every diagnostic of the failed stage (for compile: all
 * errors and warnings), so a caller can show them all.
 */
export class UserFnError extends Error {
  override readonly name = 'UserFnError';
  readonly kind: ErrorKind;
  readonly code: Code;
  readonly span: LocatedSpan;
  readonly hint?: string;
  readonly diagnostics: readonly Diagnostic[];

  constructor(code: Code, message: string, span: LocatedSpan, options: { hint?: string; diagnostics?: readonly Diagnostic[] } = {}) {
    super(message);
    this.kind = kindOfCode(code);
    this.code = code;
    this.span = span;
    if (options.hint !== undefined) this.hint = options.hint;
    this.diagnostics = options.diagnostics ?? [];
  }

  /** A plain object for JSON output (CLI, HTTP). */
  toJSON(): { kind: ErrorKind; code: Code; message: string; span: LocatedSpan; line: number; column: number; hint?: string } {
    const o: ReturnType<UserFnError['toJSON']> = {
      kind: this.kind,
      code: this.code,
      message: this.message,
      span: this.span,
      line: this.span.line,
      column: this.span.column,
    };
    if (this.hint !== undefined) o.hint = this.hint;
    return o;
  }
}

/**
 * Builds the error for a failed compile, keeping every diagnostic. Its headline
 * is the first syntax error if there is one (a type error in a recovered tree
 * may be a consequence of it), else the first error.
 */
export function errorFromDiagnostics(source: string, diagnostics: readonly Diagnostic[], lines?: LineIndex): UserFnError {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const first = errors.find((d) => d.phase === 'syntax' || d.phase === 'limit') ?? errors[0] ?? diagnostics[0]!;
  const index = lines ?? new LineIndex(source);
  const opts: { hint?: string; diagnostics: readonly Diagnostic[] } = { diagnostics };
  if (first.hint !== undefined) opts.hint = first.hint;
  return new UserFnError(first.code, first.message, index.locate(first.span), opts);
}

/** Locates a span in a source lazily: runtime errors only pay for this when thrown. */
export function locate(source: string, s: Span): LocatedSpan {
  return new LineIndex(source).locate(s);
}
