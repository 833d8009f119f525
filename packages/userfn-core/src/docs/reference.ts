import { signatureText, type BuiltinDecl, type Category } from '../builtins/define.js';
import { BUILTINS } from '../builtins/registry.js';

const CATEGORY_TITLES: Record<Category, string> = {
  context: 'Context access',
  logic: 'Logic',
  time: 'Time',
  math: 'Math',
  string: 'Strings',
  list: 'Lists',
  conversion: 'Conversion',
  agent: 'Agent tools (verification and transition profiles)',
  host: 'Host functions',
};

function exampleLine(e: BuiltinDecl['examples'][number]): string {
  const outcome = e.error !== undefined ? `error ${e.error}` : JSON.stringify(e.result);
  const ctx = e.context !== undefined ? ` — context \`${JSON.stringify(e.context)}\`` : '';
  return `- \`${e.expr}\` → \`${outcome}\`${ctx}`;
}

/** The builtin reference as Markdown, generated from the declarations (docs/language.md embeds it). */
export function builtinReference(): string {
  const byCategory = new Map<Category, BuiltinDecl[]>();
  for (const d of BUILTINS.values()) {
    const list = byCategory.get(d.category) ?? [];
    list.push(d);
    byCategory.set(d.category, list);
  }
  const out: string[] = [];
  for (const [cat, title] of Object.entries(CATEGORY_TITLES) as [Category, string][]) {
    const decls = byCategory.get(cat);
    if (!decls) continue;
    out.push(`### ${title}`, '');
    for (const d of [...decls].sort((a, b) => a.name.localeCompare(b.name))) {
      out.push(`#### \`${d.name}\``, '', ...d.overloads.map((o) => `- \`${signatureText(d.name, o)}\``), '', d.doc, '', 'Examples:', '', ...d.examples.map(exampleLine), '');
    }
  }
  return out.join('\n').trimEnd() + '\n';
}

export const REFERENCE_START = '<!-- builtins:start (generated from the builtin declarations: npm run docs) -->';
export const REFERENCE_END = '<!-- builtins:end -->';

/** Replaces the generated section of a document with the current reference. */
export function withReference(doc: string): string {
  const a = doc.indexOf(REFERENCE_START);
  const b = doc.indexOf(REFERENCE_END);
  if (a < 0 || b < a) throw new Error('docs/language.md has no generated builtins section markers');
  return `${doc.slice(0, a + REFERENCE_START.length)}\n\n${builtinReference()}\n${doc.slice(b)}`;
}
