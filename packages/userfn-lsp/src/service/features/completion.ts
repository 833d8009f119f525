/** doComplete: path segments inside path strings, functions and keywords elsewhere. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver-types';
import type { ResolvedConfig } from '../config.js';
import { toTextEdit } from '../document-mapping.js';
import { sourceAt, type DocumentModel, type EmbeddedSource } from '../model.js';
import { completeCode } from './code-completion.js';
import { cursorContext } from './cursor-context.js';
import { functionsFor } from './function-docs.js';
import { completePath } from './path-completion.js';
import { isPathArgument, pathRoot } from './path-target.js';
import type { SourceCompletion } from './source-items.js';
import { completeJudgeFields } from '../rulesets/judge-fields.js';

const KINDS: Readonly<Record<SourceCompletion['kind'], CompletionItemKind>> = {
  function: CompletionItemKind.Function,
  keyword: CompletionItemKind.Keyword,
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
};

function toItem(document: TextDocument, source: EmbeddedSource, c: SourceCompletion, config: ResolvedConfig): CompletionItem {
  const item: CompletionItem = {
    label: c.label,
    kind: KINDS[c.kind],
    textEdit: toTextEdit(document, source, c.edit),
    insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  if (c.detail !== undefined) item.detail = c.detail;
  if (c.documentation !== undefined) item.documentation = config.markdown ? { kind: MarkupKind.Markdown, value: c.documentation } : c.documentation;
  if (c.filterText !== undefined) item.filterText = c.filterText;
  if (c.sortText !== undefined) item.sortText = c.sortText;
  return item;
}

/** A judge object's missing fields, outside any condition. */
function judgeFields(document: TextDocument, offset: number, model: DocumentModel, config: ResolvedConfig): CompletionList {
  const format = model.kind === 'rules-json' ? 'json' : 'yaml';
  const items = completeJudgeFields(model.text, offset, model.judges, format).map(
    (c): CompletionItem => ({
      label: c.label,
      kind: CompletionItemKind.Property,
      detail: 'judge field',
      textEdit: { range: { start: document.positionAt(c.start), end: document.positionAt(c.end) }, newText: c.text },
      documentation: config.markdown ? { kind: MarkupKind.Markdown, value: c.documentation } : c.documentation,
    }),
  );
  return { isIncomplete: false, items };
}

/** The completions at a position; an empty list outside UserFn text, in comments and in numbers. */
export function complete(document: TextDocument, position: Position, model: DocumentModel, config: ResolvedConfig): CompletionList {
  const empty: CompletionList = { isIncomplete: false, items: [] };
  if (model.tooLarge) return empty;
  const offset = document.offsetAt(position);
  const at = sourceAt(model, offset);
  if (!at) return model.judges.length > 0 ? judgeFields(document, offset, model, config) : empty;
  const { source } = at;
  const ctx = cursorContext(source.tokens, at.offset);
  let items: SourceCompletion[] = [];
  if (ctx.kind === 'string') {
    if (isPathArgument(ctx.call)) items = completePath(ctx.token, at.offset, pathRoot(ctx.call, source, config));
  } else if (ctx.kind === 'code') {
    items = completeCode(source.source, ctx.word, functionsFor(config, source.profile), config.snippets);
  }
  return { isIncomplete: false, items: items.map((c) => toItem(document, source, c, config)) };
}
