import { T, type Type } from '../types/type.js';

/**
 * The JSON Schema subset UserFn reads for checking and editor help:
 * `type`, `properties`, `items`, `additionalProperties`, `enum`, `description`, `required`.
 * Other keywords are ignored.
 */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: { readonly [name: string]: JsonSchema };
  readonly items?: JsonSchema;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly enum?: readonly unknown[];
  readonly description?: string;
  readonly required?: readonly string[];
}

function isSchema(v: unknown): v is JsonSchema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The schema's declared JSON types, without `null`. */
function declaredTypes(s: JsonSchema): string[] {
  const t = s.type;
  const list = t === undefined ? [] : typeof t === 'string' ? [t] : [...t];
  return list.filter((x) => x !== 'null');
}

/** The static type a value described by this schema has (nullability is implicit). */
export function schemaType(s: JsonSchema | undefined): Type {
  if (!s) return T.dyn;
  const ts = declaredTypes(s);
  if (ts.length !== 1) {
    if (ts.length === 0 && s.properties) return T.object;
    return T.dyn;
  }
  switch (ts[0]) {
    case 'number':
    case 'integer':
      return T.number;
    case 'string':
      return T.string;
    case 'boolean':
      return T.boolean;
    case 'object':
      return T.object;
    case 'array':
      return T.list(schemaType(s.items));
    default:
      return T.dyn;
  }
}

export type MemberLookup =
  /** The member is declared (or allowed by an additionalProperties schema). */
  | { readonly kind: 'declared'; readonly schema: JsonSchema | undefined }
  /** The schema says nothing about members here: anything goes, untyped. */
  | { readonly kind: 'open' }
  /** The schema lists its members and this is not one of them. */
  | { readonly kind: 'undeclared'; readonly known: readonly string[] };

/**
 * Looks up an object member. A member is undeclared when the schema lists
 * `properties` without allowing others through an `additionalProperties`
 * schema or an explicit `true`.
 */
export function lookupMember(s: JsonSchema | undefined, name: string): MemberLookup {
  if (!s) return { kind: 'open' };
  const props = isSchema(s.properties) ? s.properties : undefined;
  if (props && Object.hasOwn(props, name)) return { kind: 'declared', schema: props[name] };
  const extra = s.additionalProperties;
  if (isSchema(extra)) return { kind: 'declared', schema: extra };
  if (extra === true || !props) return { kind: 'open' };
  return { kind: 'undeclared', known: Object.keys(props) };
}

/** The schema of the elements of an array schema, if any. */
export function itemsOf(s: JsonSchema | undefined): JsonSchema | undefined {
  return s && isSchema(s.items) ? s.items : undefined;
}

/** Checks that a host-given value looks like a schema object (for clear option errors). */
export function validateSchemaShape(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (!isSchema(v)) return 'contextSchema must be a JSON Schema object';
  return undefined;
}
