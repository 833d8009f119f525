/** doSignatureHelp: every signature of the call around the cursor, with the active parameter. */
import { signatureText, typeToString, type BuiltinInfo, type Signature } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind, type ParameterInformation, type Position, type SignatureHelp, type SignatureInformation } from 'vscode-languageserver-types';
import type { ResolvedConfig } from '../config.js';
import { sourceAt, type DocumentModel } from '../model.js';
import { cursorContext } from './cursor-context.js';
import { table } from './function-docs.js';

/** Parameter labels as [start, end) offsets into the signature label, so clients highlight exactly the parameter. */
function signature(decl: BuiltinInfo, o: Signature, markdown: boolean): SignatureInformation {
  const label = signatureText(decl.name, o);
  const parts = o.params.map((p) => `${p.name}: ${typeToString(p.type)}`);
  if (o.rest) parts.push(`...${o.rest.name}: ${typeToString(o.rest.type)}`);
  const parameters: ParameterInformation[] = [];
  let from = label.indexOf('(') + 1;
  for (const part of parts) {
    const at = label.indexOf(part, from);
    if (at < 0) {
      parameters.push({ label: part });
      continue;
    }
    parameters.push({ label: [at, at + part.length] });
    from = at + part.length;
  }
  return { label, parameters, documentation: markdown ? { kind: MarkupKind.Markdown, value: decl.doc } : decl.doc };
}

/** The parameter index an argument position falls on (the variadic tail absorbs the rest). */
function parameterIndex(o: Signature, argIndex: number): number {
  if (argIndex < o.params.length) return argIndex;
  return o.rest ? o.params.length : argIndex;
}

/** Signature help at a position, or null outside a call's argument list. */
export function signatureHelp(document: TextDocument, position: Position, model: DocumentModel, config: ResolvedConfig): SignatureHelp | null {
  if (model.tooLarge) return null;
  const at = sourceAt(model, document.offsetAt(position));
  if (!at) return null;
  const ctx = cursorContext(at.source.tokens, at.offset);
  if (ctx.kind === 'comment' || !ctx.call) return null;
  const call = ctx.call;
  const decl = table(config).get(call.name);
  if (!decl) return null;
  const signatures = decl.overloads.map((o) => signature(decl, o, config.markdown));
  // the first overload that has a parameter at the cursor's argument
  let active = decl.overloads.findIndex((o) => call.argIndex < o.params.length || o.rest !== undefined);
  if (active < 0) active = 0;
  const o = decl.overloads[active]!;
  return { signatures, activeSignature: active, activeParameter: parameterIndex(o, call.argIndex) };
}
