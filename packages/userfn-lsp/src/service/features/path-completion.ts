/**
 * Completion inside the path string of get/has/json_get: the next path
 * segments, from the schema and from the sample documents. A member name
 * that is not an ASCII identifier is offered in bracket form (`['tool-name']`),
 * doubled quotes and all, as the UserFn string needs it.
 */
import { formatNameSegment, schemaType, tryCompilePath, typeToString, type JsonSchema, type LexToken } from '@userfn/core';
import type { PathRoot } from './path-target.js';
import { schemaAt, valuesAt, isArraySchema, sampleKind, sampleText } from './schema-walk.js';
import type { SourceCompletion } from './source-items.js';
import { escapeInLiteral, literalValue, sourceOffsetOf, valueOffsetAt } from './string-literal.js';

/** Where the segment being typed starts in the path text, and how it is written. */
interface SegmentAt {
  /** Path text before the segment: must compile on its own. */
  readonly parent: string;
  /** Value offsets of the text the completion replaces. */
  readonly start: number;
  readonly end: number;
  /** What the user has typed of the segment, in the form typed (`.sta`, `['too`, or ''). */
  readonly typed: string;
}

const NAME_CHAR = /[A-Za-z0-9_\u0080-\uffff]/;

function segmentAt(path: string, cursor: number): SegmentAt | undefined {
  const prefix = path.slice(0, cursor);
  const rest = path.slice(cursor);
  if (!prefix.startsWith('$')) return undefined;
  if (/\.\.[\w\u0080-\uffff]*$/.test(prefix)) return undefined; // a descendant segment: any depth, nothing sensible to list
  const dot = /\.([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?$/.exec(prefix);
  if (dot) {
    let end = cursor;
    while (end < path.length && NAME_CHAR.test(path[end]!)) end++;
    return { parent: prefix.slice(0, dot.index), start: dot.index, end, typed: dot[0] };
  }
  const bracket = /\[\s*(?:(['"])(?:[^'"\\]|\\.)*)?$/.exec(prefix);
  if (bracket) {
    const tail = /^(?:[^'"\\\]]|\\.)*(?:['"]\s*)?\]/.exec(rest);
    return { parent: prefix.slice(0, bracket.index), start: bracket.index, end: cursor + (tail ? tail[0].length : 0), typed: bracket[0] };
  }
  if (prefix === '$' || prefix.endsWith(']') || prefix.endsWith('*')) return { parent: prefix, start: cursor, end: cursor, typed: '' };
  return undefined;
}

interface Candidate {
  readonly segment: string;
  readonly label: string;
  readonly detail: string | undefined;
  readonly docs: string[];
}

function describeMember(name: string, schema: JsonSchema | undefined): Candidate {
  const docs: string[] = [];
  if (schema?.description) docs.push(schema.description);
  const type = schema ? typeToString(schemaType(schema)) : undefined;
  return { segment: formatNameSegment(name), label: name, detail: type, docs };
}

/** Candidates for the segment after `parent`, from the schema, then the samples. */
function candidates(parent: string, root: PathRoot): Candidate[] {
  const compiled = tryCompilePath(parent);
  if (!compiled.ok) return [];
  const out = new Map<string, Candidate>();
  const at = schemaAt(root.schema, compiled.path.segments);
  const s = at.schema;
  if (s?.properties) for (const [name, member] of Object.entries(s.properties)) out.set(name, describeMember(name, member));
  let list = isArraySchema(s);
  const values = valuesAt(root.samples, compiled.path);
  for (const v of values.slice(0, 20)) {
    if (Array.isArray(v)) list = true;
    else if (v !== null && typeof v === 'object') {
      for (const [name, value] of Object.entries(v as Record<string, unknown>).slice(0, 500)) {
        const c = out.get(name) ?? { ...describeMember(name, undefined), detail: sampleKind(value) };
        if (!c.docs.some((d) => d.startsWith('Sample:'))) c.docs.push(`Sample: \`${sampleText(value, 120).replaceAll('`', "'")}\``);
        out.set(name, c);
      }
    }
  }
  const result = [...out.values()];
  if (list) {
    result.push({ segment: '[*]', label: '[*]', detail: 'every element', docs: [] });
    result.push({ segment: '[0]', label: '[0]', detail: 'the first element', docs: [] });
    result.push({ segment: '[-1]', label: '[-1]', detail: 'the last element', docs: [] });
  }
  return result;
}

/** Path completions at source offset `o` inside the string token of a path argument. */
export function completePath(token: LexToken, o: number, root: PathRoot): SourceCompletion[] {
  const lit = literalValue(token);
  const cursor = valueOffsetAt(lit, o);
  if (lit.value.slice(0, cursor) === '') {
    const at = sourceOffsetOf(lit, 0);
    return [{ label: '$', kind: 'property', detail: 'the root of the context', edit: { start: at, end: at, text: '$' } }];
  }
  const seg = segmentAt(lit.value, cursor);
  if (!seg) return [];
  const start = sourceOffsetOf(lit, seg.start);
  const end = sourceOffsetOf(lit, seg.end);
  const bracketed = seg.typed.startsWith('[');
  // the typed opening (`.`, `[`, `['`, `["`): clients filter the items on the text they replace
  const opening = bracketed ? (/^\[\s*['"]?/.exec(seg.typed)?.[0] ?? '[') : seg.typed.startsWith('.') ? '.' : '';
  return candidates(seg.parent, root).map((c, i) => {
    // after `[` every member is offered in bracket form (an identifier needs no escaping there)
    const text = bracketed && c.segment.startsWith('.') ? `['${c.label}']` : c.segment;
    return {
      label: c.label,
      kind: 'property',
      ...(c.detail ? { detail: c.detail } : {}),
      ...(c.docs.length > 0 ? { documentation: c.docs.join('\n\n') } : {}),
      filterText: opening + c.label,
      sortText: String(i).padStart(4, '0'),
      edit: { start, end, text: escapeInLiteral(text, lit.quote) },
    };
  });
}
