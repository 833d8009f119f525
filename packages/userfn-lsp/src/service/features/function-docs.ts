/** How a builtin (or host function) is shown in completion, hover and signature help: all from its one declaration. */
import { functionTable, signatureText, type BuiltinInfo, type FunctionTable, type ProfileName } from '@userfn/core';
import type { ResolvedConfig } from '../config.js';

/** The functions callable in a profile: builtins available there, plus the host's. */
export function functionsFor(config: ResolvedConfig, profile: ProfileName): BuiltinInfo[] {
  return [...table(config).values()].filter((d) => !d.profiles || d.profiles.includes(profile));
}

/** The function table the checker uses for this configuration. */
export function table(config: ResolvedConfig): FunctionTable {
  return functionTable(config.functions);
}

/** The summary: the doc's first sentence. */
export function summary(decl: BuiltinInfo): string {
  const m = /^[\s\S]*?[.!?](?=\s|$)/.exec(decl.doc);
  return (m ? m[0] : decl.doc).trim();
}

/** Markdown: every signature in a code block, the doc, and the first example. */
export function functionMarkdown(decl: BuiltinInfo): string {
  const sigs = decl.overloads.map((o) => signatureText(decl.name, o)).join('\n');
  const parts = ['```userfn\n' + sigs + '\n```', decl.doc];
  const ex = decl.examples[0];
  if (ex) {
    const result = ex.error !== undefined ? `error ${ex.error}` : ex.result === undefined ? undefined : JSON.stringify(ex.result);
    parts.push('Example: `' + ex.expr.replaceAll('`', "'") + '`' + (result !== undefined ? ` → \`${result}\`` : ''));
  }
  if (decl.profiles) parts.push(`Profiles: ${decl.profiles.join(', ')}`);
  return parts.join('\n\n');
}
