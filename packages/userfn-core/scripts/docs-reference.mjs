// The builtin reference of docs/language.md, generated from the builtin declarations.
// It takes the declarations as an argument so that one generator serves both callers:
// `npm run docs` (gen-docs.mjs, on the built package) and test/docs-reference.test.ts (on the sources).

/** @typedef {{ BUILTINS: ReadonlyMap<string, any>, signatureText: (name: string, overload: any) => string }} Declarations */

const CATEGORY_TITLES = {
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

/** @param {{ expr: string, result?: unknown, error?: string, context?: unknown }} e */
function exampleLine(e) {
  const outcome = e.error !== undefined ? `error ${e.error}` : JSON.stringify(e.result);
  const ctx = e.context !== undefined ? ` — context \`${JSON.stringify(e.context)}\`` : '';
  return `- \`${e.expr}\` → \`${outcome}\`${ctx}`;
}

/** The builtin reference as Markdown. @param {Declarations} decls */
export function builtinReference({ BUILTINS, signatureText }) {
  const byCategory = new Map();
  for (const d of BUILTINS.values()) byCategory.set(d.category, [...(byCategory.get(d.category) ?? []), d]);
  const out = [];
  for (const [cat, title] of Object.entries(CATEGORY_TITLES)) {
    const decls = byCategory.get(cat);
    if (!decls) continue;
    out.push(`### ${title}`, '');
    for (const d of [...decls].sort((a, b) => a.name.localeCompare(b.name))) {
      out.push(
        `#### \`${d.name}\``,
        '',
        ...d.overloads.map((o) => `- \`${signatureText(d.name, o)}\``),
        '',
        d.doc,
        '',
        'Examples:',
        '',
        ...d.examples.map(exampleLine),
        '',
      );
    }
  }
  return out.join('\n').trimEnd() + '\n';
}

export const REFERENCE_START = '<!-- builtins:start (generated from the builtin declarations: npm run docs) -->';
export const REFERENCE_END = '<!-- builtins:end -->';

/** Replaces the generated section of a document with the current reference. @param {string} doc @param {Declarations} decls */
export function withReference(doc, decls) {
  const a = doc.indexOf(REFERENCE_START);
  const b = doc.indexOf(REFERENCE_END);
  if (a < 0 || b < a) throw new Error('docs/language.md has no generated builtins section markers');
  return `${doc.slice(0, a + REFERENCE_START.length)}\n\n${builtinReference(decls)}\n${doc.slice(b)}`;
}
