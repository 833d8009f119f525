import type { Code, ErrorKind } from './codes.js';
import { kindOfCode } from './codes.js';
import type { Span } from './span.js';

export type Severity = 'error' | 'warning';

/** The one shape every stage reports problems in. */
export interface Diagnostic {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  /** syntax | type | runtime | limit: the phase that found it. */
  readonly phase: ErrorKind;
  readonly hint?: string;
}

export function diagnostic(code: Code, message: string, span: Span, hint?: string, severity: Severity = 'error'): Diagnostic {
  const d: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { code, severity, message, span, phase: kindOfCode(code) };
  if (hint !== undefined) d.hint = hint;
  return d;
}

export function warning(code: Code, message: string, span: Span, hint?: string): Diagnostic {
  return diagnostic(code, message, span, hint, 'warning');
}

/** Sorted by position, errors before warnings at the same place. */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === 'error');
}
