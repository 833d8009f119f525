/** Walks a context schema and sample values along a parsed JSONPath. */
import { itemsOf, lookupMember, type CompiledPath, type JsonSchema } from '@userfn/core';

type Segments = CompiledPath['segments'];

/**
 * The schema at the end of a path: `known` is false when a segment leaves
 * what the schema describes (a descendant segment, a union, an undeclared or
 * open member).
 */
export function schemaAt(schema: JsonSchema | undefined, segments: Segments): { schema: JsonSchema | undefined; known: boolean } {
  let s = schema;
  for (const seg of segments) {
    if (!s || seg.descendant || seg.selectors.length !== 1) return { schema: undefined, known: false };
    const sel = seg.selectors[0]!;
    if (sel.kind === 'name') {
      const m = lookupMember(s, sel.name);
      if (m.kind !== 'declared') return { schema: undefined, known: false };
      s = m.schema;
    } else {
      s = itemsOf(s);
    }
  }
  return { schema: s, known: s !== undefined };
}

/** Every value the path selects in each of the sample values (bounded). */
export function valuesAt(values: readonly unknown[], path: CompiledPath): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    try {
      out.push(...path.select(v));
    } catch {
      // a sample too large for the query budget simply gives no values
    }
    if (out.length > 100) break;
  }
  return out;
}

/** Is the schema (or a sample) list-like here? */
export function isArraySchema(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  const t = s.type;
  return t === 'array' || (Array.isArray(t) && t.includes('array')) || (t === undefined && itemsOf(s) !== undefined);
}

/** A short JSON rendering of a sample value for hovers and completion docs. */
export function sampleText(v: unknown, max = 400): string {
  let s: string;
  try {
    s = JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** The JSON kind of a sample value, as UserFn names types. */
export function sampleKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v === 'object' ? 'object' : typeof v;
}
