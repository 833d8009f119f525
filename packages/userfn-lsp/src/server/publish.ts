import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * What to publish for a document when its (debounced) validation runs: the
 * diagnostics of the document as it is at that moment, tagged with that
 * version; undefined once it is closed. Validation is synchronous, so no edit
 * can land between reading the document and tagging the result: the version
 * published is the version validated, by construction, and an edit that
 * arrives later schedules a validation of its own. (The server used to
 * re-read the version after validating, a check that could never fire.)
 */
export function currentDiagnostics(
  documents: { get(uri: string): TextDocument | undefined },
  uri: string,
  validate: (document: TextDocument) => Diagnostic[],
): PublishDiagnosticsParams | undefined {
  const document = documents.get(uri);
  if (!document) return undefined;
  return { uri, version: document.version, diagnostics: validate(document) };
}
