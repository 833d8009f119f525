/**
 * getCodeActions: quick fixes for the diagnostics in the requested range, for
 * the UserFn sources (mapped through a rule set's string escapes) and for a
 * rule set's misspelt field names.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type CodeActionContext, type Diagnostic, type Range } from 'vscode-languageserver-types';
import { offsetRange, toRange, toTextEdit } from '../document-mapping.js';
import type { DocumentModel } from '../model.js';
import { quickFixes } from './quick-fixes.js';

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function same(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The client's copy of a diagnostic (same code and range), so the action is linked to it. */
function clientDiagnostic(context: CodeActionContext, code: string, range: Range): Diagnostic[] {
  const d = context.diagnostics.find((x) => x.code === code && same(x.range, range));
  return d ? [d] : [];
}

/** Quick fixes overlapping `range`. */
export function codeActions(document: TextDocument, range: Range, context: CodeActionContext, model: DocumentModel): CodeAction[] {
  if (model.tooLarge) return [];
  if (context.only && !context.only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`) || k === CodeActionKind.Empty))
    return [];
  const actions: CodeAction[] = [];
  for (const source of model.sources) {
    if (!source.map.exact) continue;
    for (const fix of quickFixes(source.source, source.analysis.diagnostics, source.tokens)) {
      const at = toRange(document, source, fix.diagnostic.span.start, fix.diagnostic.span.end);
      if (!overlaps(at, range)) continue;
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: clientDiagnostic(context, fix.diagnostic.code, at),
        isPreferred: fix.preferred,
        edit: { changes: { [document.uri]: [toTextEdit(document, source, fix.edit)] } },
      });
    }
  }
  for (const p of model.problems) {
    if (p.replacement === undefined) continue;
    const at = offsetRange(document, p.start, p.end);
    if (!overlaps(at, range)) continue;
    // a JSON key keeps its quotes; a YAML key is written as the plain name
    const quoted = document.getText(at).startsWith('"');
    actions.push({
      title: `Change to '${p.replacement}'`,
      kind: CodeActionKind.QuickFix,
      diagnostics: clientDiagnostic(context, p.code, at),
      isPreferred: true,
      edit: { changes: { [document.uri]: [{ range: at, newText: quoted ? JSON.stringify(p.replacement) : p.replacement }] } },
    });
  }
  return actions;
}
