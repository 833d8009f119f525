/**
 * doValidation: the file's own problems (syntax of the JSON/YAML, rule-set
 * structure, size limit) and every diagnostic of every UserFn source in it,
 * mapped into the document.
 */
import type { Diagnostic as CoreDiagnostic } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { offsetRange, toRange } from '../document-mapping.js';
import type { DocumentModel, EmbeddedSource, FileProblem } from '../model.js';

/** The `source` of every diagnostic the service publishes. */
export const DIAGNOSTIC_SOURCE = 'userfn';

const severity = (s: 'error' | 'warning'): DiagnosticSeverity => (s === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning);

/** The core's message, with its hint on a line of its own (`hint: …`) when the message does not already carry it. */
function messageOf(d: { readonly message: string; readonly hint?: string }): string {
  if (!d.hint || d.message.includes(d.hint) || /did you mean/.test(d.message)) return d.message;
  return `${d.message}\nhint: ${d.hint}`;
}

function fromCore(document: TextDocument, source: EmbeddedSource, d: CoreDiagnostic): Diagnostic {
  return {
    range: toRange(document, source, d.span.start, d.span.end),
    severity: severity(d.severity),
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    message: messageOf(d),
  };
}

function fromProblem(document: TextDocument, p: FileProblem): Diagnostic {
  return { range: offsetRange(document, p.start, p.end), severity: severity(p.severity), code: p.code, source: DIAGNOSTIC_SOURCE, message: messageOf(p) };
}

/** Every diagnostic of the document, in document order. */
export function validate(document: TextDocument, model: DocumentModel): Diagnostic[] {
  const out = model.problems.map((p) => fromProblem(document, p));
  for (const source of model.sources) for (const d of source.analysis.diagnostics) out.push(fromCore(document, source, d));
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
