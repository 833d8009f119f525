/**
 * format: the core's canonical formatter. A `.userfn` document is replaced as
 * a whole (keeping its final line break). In a rule set each condition is
 * formatted in place, in the quoting style it was written in; a condition with
 * syntax errors is left alone, and so is one whose formatted text spans lines
 * when its literal cannot hold a line break (a JSON string, a quoted or plain
 * YAML scalar, a folded block): the file is never made less readable.
 */
import { format as formatSource } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-types';
import { offsetRange } from '../document-mapping.js';
import type { DocumentModel, EmbeddedSource } from '../model.js';

function hasSyntaxErrors(source: EmbeddedSource): boolean {
  return source.analysis.diagnostics.some((d) => d.phase === 'syntax' || d.phase === 'limit');
}

function formatted(source: EmbeddedSource): string | undefined {
  if (hasSyntaxErrors(source)) return undefined;
  const out = formatSource(source.source);
  return out === null ? undefined : out;
}

/** The edits that format the document (none when it is already formatted or cannot be). */
export function formatDocument(document: TextDocument, model: DocumentModel): TextEdit[] {
  if (model.tooLarge) return [];
  if (model.kind === 'expression') {
    const source = model.sources[0];
    const out = source && formatted(source);
    if (out === undefined) return [];
    const text = document.getText();
    const eol = /\r?\n$/.exec(text)?.[0] ?? '';
    const next = out.replace(/\s+$/, '') + eol;
    return next === text ? [] : [{ range: offsetRange(document, 0, text.length), newText: next }];
  }
  const edits: TextEdit[] = [];
  for (const source of model.sources) {
    const out = formatted(source)?.replace(/\s+$/, '');
    if (out === undefined || !source.literal || out === source.source.replace(/\s+$/, '')) continue;
    const edit = source.literal.requote(out);
    if (edit) edits.push({ range: offsetRange(document, edit.start, edit.end), newText: edit.text });
  }
  return edits;
}
