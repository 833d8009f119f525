/**
 * Hover on a literal path: the path up to the segment under the cursor, its
 * type and description from the schema, and its value in the sample.
 */
import { schemaType, tryCompilePath, typeToString, type LexToken } from '@userfn/core';
import type { PathRoot } from './path-target.js';
import { schemaAt, sampleKind, sampleText, valuesAt } from './schema-walk.js';
import { literalValue, sourceOffsetOf, valueOffsetAt } from './string-literal.js';

/** Markdown and the source span it is about, or undefined when the path does not compile. */
export function hoverPath(token: LexToken, o: number, root: PathRoot): { markdown: string; start: number; end: number } | undefined {
  const lit = literalValue(token);
  const compiled = tryCompilePath(lit.value);
  if (!compiled.ok) return undefined;
  const cursor = valueOffsetAt(lit, o);
  const segs = compiled.path.segments;
  let n = segs.findIndex((s) => cursor >= s.offset && cursor < s.offset + s.length);
  if (n < 0) n = cursor < (segs[0]?.offset ?? lit.value.length) ? -1 : segs.length - 1;
  const prefixSegs = segs.slice(0, n + 1);
  const endInPath = n < 0 ? 1 : segs[n]!.offset + segs[n]!.length;
  const shown = tryCompilePath(lit.value.slice(0, endInPath));
  if (!shown.ok) return undefined;
  const at = schemaAt(root.schema, prefixSegs);
  const lines = ['```jsonpath\n' + shown.path.source + '\n```'];
  if (at.known && at.schema) {
    const t = typeToString(schemaType(at.schema));
    lines.push(`type: \`${shown.path.singular ? t : `list<${t}>`}\``);
    if (at.schema.description) lines.push(at.schema.description);
  } else if (root.schema) {
    lines.push(prefixSegs.some((s) => s.descendant || s.selectors.length !== 1) ? 'not described by the context schema' : 'not declared in the context schema');
  }
  if (root.samples.length > 0) {
    const values = valuesAt(root.samples, shown.path);
    const value = shown.path.singular ? values[0] : values;
    if (shown.path.singular && values.length === 0) lines.push('Sample: absent (reads `null`)');
    else lines.push(`Sample (${sampleKind(value)}):\n\`\`\`json\n${sampleText(value)}\n\`\`\``);
  }
  return { markdown: lines.join('\n\n'), start: sourceOffsetOf(lit, 0), end: sourceOffsetOf(lit, endInPath) };
}
