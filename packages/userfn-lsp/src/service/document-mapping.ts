/** Turns results in a UserFn source's offsets into LSP ranges and edits in the document. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, TextEdit } from 'vscode-languageserver-types';
import type { SourceEdit } from './features/source-items.js';
import type { EmbeddedSource } from './model.js';

/** The document range of source[start, end). */
export function toRange(document: TextDocument, source: EmbeddedSource, start: number, end: number): Range {
  const d = source.map.toDocumentSpan(start, end);
  return { start: document.positionAt(d.start), end: document.positionAt(d.end) };
}

/** A range of document offsets. */
export function offsetRange(document: TextDocument, start: number, end: number): Range {
  return { start: document.positionAt(start), end: document.positionAt(Math.max(start, end)) };
}

/** Source text as it must be written inside the host literal (JSON escapes, YAML '' ...). */
export function hostText(source: EmbeddedSource, text: string): string {
  return source.literal ? source.literal.escape(text) : text;
}

/** A source edit as a document edit. */
export function toTextEdit(document: TextDocument, source: EmbeddedSource, edit: SourceEdit): TextEdit {
  return { range: toRange(document, source, edit.start, edit.end), newText: hostText(source, edit.text) };
}
