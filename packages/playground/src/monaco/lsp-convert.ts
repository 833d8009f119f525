/**
 * LSP data (what the language service returns) to Monaco data, and back for
 * positions. Pure: no Monaco at run time, so it is unit-tested in node.
 * LSP lines and characters are 0-based, Monaco's are 1-based; both count
 * UTF-16 code units, so no other conversion is needed.
 */
import type { editor, IMarkdownString, IPosition, IRange, languages } from 'monaco-editor/editor';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  Hover,
  MarkupContent,
  Position,
  Range,
  SignatureHelp,
  TextEdit,
} from 'vscode-languageserver-types';

/** The `source` of the service's diagnostics (DIAGNOSTIC_SOURCE of @userfn/lsp/service; a test keeps them equal). */
export const SERVICE_SOURCE = 'userfn';

// The values of Monaco's public enums (monaco.d.ts): fixed there, and spelled
// out here so this module needs no Monaco at run time.
const MarkerSeverity = { Hint: 1, Info: 2, Warning: 4, Error: 8 } as const;
const MonacoCompletionKind = { Function: 1, Property: 9, Value: 13, Keyword: 17, Text: 18 } as const;
const InsertAsSnippet = 4;

/** LSP DiagnosticSeverity (1 error … 4 hint) to Monaco's MarkerSeverity. */
export function markerSeverity(severity: Diagnostic['severity']): number {
  switch (severity) {
    case 2:
      return MarkerSeverity.Warning;
    case 3:
      return MarkerSeverity.Info;
    case 4:
      return MarkerSeverity.Hint;
    default:
      return MarkerSeverity.Error;
  }
}

/** Monaco position to LSP position. */
export function toLspPosition(p: IPosition): Position {
  return { line: p.lineNumber - 1, character: p.column - 1 };
}

/** Monaco range to LSP range. */
export function toLspRange(r: IRange): Range {
  return { start: { line: r.startLineNumber - 1, character: r.startColumn - 1 }, end: { line: r.endLineNumber - 1, character: r.endColumn - 1 } };
}

/** LSP range to Monaco range. */
export function toMonacoRange(r: Range): IRange {
  return { startLineNumber: r.start.line + 1, startColumn: r.start.character + 1, endLineNumber: r.end.line + 1, endColumn: r.end.character + 1 };
}

/** A diagnostic as a Monaco marker (the code is kept, for quick fixes and the problems list). */
export function toMarker(d: Diagnostic): editor.IMarkerData {
  return {
    ...toMonacoRange(d.range),
    severity: markerSeverity(d.severity),
    message: typeof d.message === 'string' ? d.message : d.message.value,
    ...(d.code !== undefined ? { code: String(d.code) } : {}),
    ...(d.source !== undefined ? { source: d.source } : {}),
  };
}

/** A marker back as the LSP diagnostic the service reported (for code actions). */
export function toDiagnostic(m: editor.IMarkerData): Diagnostic {
  const severity = m.severity === MarkerSeverity.Warning ? 2 : m.severity === MarkerSeverity.Info ? 3 : m.severity === MarkerSeverity.Hint ? 4 : 1;
  const code = typeof m.code === 'string' ? m.code : m.code?.value;
  return {
    range: toLspRange(m),
    severity,
    message: m.message,
    ...(code !== undefined ? { code } : {}),
    ...(m.source !== undefined ? { source: m.source } : {}),
  };
}

/** Markdown from the service is data, not trusted content: no command links, no HTML. */
function markdown(content: string | MarkupContent | undefined): IMarkdownString | undefined {
  if (content === undefined) return undefined;
  const value = typeof content === 'string' ? content : content.value;
  return { value, isTrusted: false, supportHtml: false };
}

function completionKind(kind: CompletionItem['kind']): number {
  switch (kind) {
    case 3:
      return MonacoCompletionKind.Function;
    case 10:
      return MonacoCompletionKind.Property;
    case 12:
      return MonacoCompletionKind.Value;
    case 14:
      return MonacoCompletionKind.Keyword;
    default:
      return MonacoCompletionKind.Text;
  }
}

/**
 * Completion items to Monaco suggestions. `fallback` is the range Monaco
 * replaces for an item without an edit (the word at the cursor).
 */
export function toSuggestions(list: CompletionList, fallback: IRange): languages.CompletionList {
  const suggestions = list.items.map((item): languages.CompletionItem => {
    const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
    const documentation = markdown(item.documentation);
    return {
      label: item.label,
      kind: completionKind(item.kind) as languages.CompletionItemKind,
      insertText: edit?.newText ?? item.insertText ?? item.label,
      range: edit ? toMonacoRange(edit.range) : fallback,
      ...(item.insertTextFormat === 2 ? { insertTextRules: InsertAsSnippet as languages.CompletionItemInsertTextRule } : {}),
      ...(item.detail !== undefined ? { detail: item.detail } : {}),
      ...(documentation ? { documentation } : {}),
      ...(item.filterText !== undefined ? { filterText: item.filterText } : {}),
      ...(item.sortText !== undefined ? { sortText: item.sortText } : {}),
    };
  });
  return { suggestions, incomplete: list.isIncomplete };
}

/** A hover to Monaco's. */
export function toHover(h: Hover | null): languages.Hover | null {
  if (!h) return null;
  const parts = Array.isArray(h.contents) ? h.contents : [h.contents];
  const contents = parts.map((c) => markdown(typeof c === 'string' || 'kind' in c ? c : '```' + c.language + '\n' + c.value + '\n```')!);
  return { contents, ...(h.range ? { range: toMonacoRange(h.range) } : {}) };
}

/** Signature help to Monaco's. */
export function toSignatureHelp(s: SignatureHelp | null): languages.SignatureHelpResult | null {
  if (!s || s.signatures.length === 0) return null;
  const signatures = s.signatures.map((sig): languages.SignatureInformation => {
    const documentation = markdown(sig.documentation);
    return {
      label: sig.label,
      parameters: (sig.parameters ?? []).map((p) => {
        const doc = markdown(p.documentation);
        return { label: p.label, ...(doc ? { documentation: doc } : {}) };
      }),
      ...(documentation ? { documentation } : {}),
    };
  });
  return { value: { signatures, activeSignature: s.activeSignature ?? 0, activeParameter: s.activeParameter ?? 0 }, dispose: () => undefined };
}

/** Text edits of one document to Monaco edits. */
export function toTextEdits(edits: readonly TextEdit[]): languages.TextEdit[] {
  return edits.map((e) => ({ range: toMonacoRange(e.range), text: e.newText }));
}

/** Quick fixes to Monaco code actions; edits for other documents (there are none) are dropped. */
export function toCodeActions(
  actions: readonly CodeAction[],
  uri: string,
  resource: languages.IWorkspaceTextEdit['resource'],
  markers: readonly editor.IMarkerData[],
): languages.CodeActionList {
  return {
    actions: actions.map((a): languages.CodeAction => {
      const edits = (a.edit?.changes?.[uri] ?? []).map(
        (e): languages.IWorkspaceTextEdit => ({ resource, textEdit: { range: toMonacoRange(e.range), text: e.newText }, versionId: undefined }),
      );
      const fixed = markers.filter((m) =>
        a.diagnostics?.some((d) => String(d.code) === String(typeof m.code === 'string' ? m.code : m.code?.value) && sameRange(toMonacoRange(d.range), m)),
      );
      return {
        title: a.title,
        ...(a.kind !== undefined ? { kind: a.kind } : {}),
        ...(a.isPreferred !== undefined ? { isPreferred: a.isPreferred } : {}),
        ...(fixed.length > 0 ? { diagnostics: fixed } : {}),
        edit: { edits },
      };
    }),
    dispose: () => undefined,
  };
}

function sameRange(a: IRange, b: IRange): boolean {
  return a.startLineNumber === b.startLineNumber && a.startColumn === b.startColumn && a.endLineNumber === b.endLineNumber && a.endColumn === b.endColumn;
}
