import type { Diagnostic } from '../../common/diagnostics/diagnostic.js';
import { LineIndex } from '../../common/diagnostics/line-index.js';
import type { UserFnError } from '../../common/diagnostics/user-fn-error.js';

/**
 * A diagnostic as a compiler would print it: what, where (line:column), the
 * source line and a caret under the span, then the hint.
 *
 *   error[UF3002] division by zero
 *    --> 1:1
 *     |
 *   1 | 1 / 0
 *     | ^^^^^
 *     = hint: ...
 */
export function renderDiagnostic(
  source: string,
  d: Pick<Diagnostic, 'code' | 'severity' | 'message' | 'span' | 'hint'>,
  lines = new LineIndex(source),
  label?: string,
): string {
  const start = lines.position(d.span.start);
  const lineNo = start.line + 1;
  const text = lines.lineText(lineNo);
  const end = lines.position(d.span.end);
  const caretEnd = end.line === start.line ? Math.max(end.character, start.character + 1) : Math.max(text.length, start.character + 1);
  const gutter = ' '.repeat(String(lineNo).length);
  const out = [
    `${d.severity}[${d.code}] ${d.message}`,
    `${gutter}--> ${label ? `${label}:` : ''}${lineNo}:${start.character + 1}`,
    `${gutter} |`,
    `${lineNo} | ${text}`,
    `${gutter} | ${' '.repeat(start.character)}${'^'.repeat(caretEnd - start.character)}`,
  ];
  if (d.hint) out.push(`${gutter} = hint: ${d.hint}`);
  return out.join('\n');
}

/** A UserFnError rendered like a diagnostic. */
export function renderError(source: string, e: UserFnError, label?: string): string {
  return renderDiagnostic(source, { code: e.code, severity: 'error', message: e.message, span: e.span, hint: e.hint }, undefined, label);
}
