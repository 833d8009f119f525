/** doHover: functions, literal paths, and the inferred type of any sub-expression. */
import { suggest, typeToString } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { ResolvedConfig } from '../config.js';
import { toRange } from '../document-mapping.js';
import { sourceAt, type DocumentModel } from '../model.js';
import { cursorContext } from './cursor-context.js';
import { functionMarkdown, table } from './function-docs.js';
import { hoverPath } from './path-hover.js';
import { isPathArgument, pathRoot } from './path-target.js';
import { callNamedAt, nodeAt } from './node-at.js';

const MAX_SHOWN = 160;

/** The hover at a position, or null. */
export function hover(document: TextDocument, position: Position, model: DocumentModel, config: ResolvedConfig): Hover | null {
  if (model.tooLarge) return null;
  const at = sourceAt(model, document.offsetAt(position));
  if (!at) return null;
  const { source, offset } = at;
  const result = (markdown: string, start: number, end: number): Hover => ({
    contents: { kind: config.markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: markdown },
    range: toRange(document, source, start, end),
  });
  const ast = source.analysis.ast;

  const call = callNamedAt(ast, offset);
  if (call) {
    const functions = table(config);
    const decl = functions.get(call.name);
    if (decl) return result(functionMarkdown(decl), call.nameSpan.start, call.nameSpan.end);
    // An unknown name: the hover says so and offers the did-you-mean, as the diagnostic does, and then what the
    // diagnostic cannot: the suggested function's signatures and doc (editors show both, so the hover adds to it).
    const near = suggest(call.name, functions.keys());
    const code = (name: string) => (config.markdown ? `\`${name}\`` : `'${name}'`);
    const head = `unknown function ${code(call.name)}${near ? `; did you mean ${code(near)}?` : ''}`;
    const nearDecl = near === undefined ? undefined : functions.get(near);
    return result(nearDecl ? `${head}\n\n---\n\n${functionMarkdown(nearDecl)}` : head, call.nameSpan.start, call.nameSpan.end);
  }
  const ctx = cursorContext(source.tokens, offset);
  if (ctx.kind === 'comment') return null;
  if (ctx.kind === 'string' && isPathArgument(ctx.call)) {
    const h = hoverPath(ctx.token, offset, pathRoot(ctx.call, source, config));
    if (h) return result(h.markdown, h.start, h.end);
  }
  const node = nodeAt(ast, offset);
  const type = node && source.analysis.typeOf(node);
  if (!node || !type) return null;
  let text = source.source.slice(node.span.start, node.span.end);
  if (text.length > MAX_SHOWN) text = `${text.slice(0, MAX_SHOWN)}…`;
  return result('```userfn\n' + text + '\n```\n\ntype: `' + typeToString(type) + '`', node.span.start, node.span.end);
}
