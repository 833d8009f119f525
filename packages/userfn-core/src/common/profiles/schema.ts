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

/** What soleType() gives for a schema that declares more than one type besides `null`. */
const SEVERAL = Symbol('several types');
/** What soleType() gives for a list whose one entry besides `null` is not a string: a type, but none UserFn knows. */
const NOT_A_NAME = Symbol('not a type name');

/**
 * The one JSON type the schema declares besides `null`: undefined when it
 * declares none, SEVERAL when more. Without arrays: every literal path of
 * every compile asks this of each schema it passes through. (A malformed
 * `type`, neither a string nor a list, declares none.)
 */
function soleType(s: JsonSchema): string | undefined | typeof SEVERAL | typeof NOT_A_NAME {
  const t: unknown = s.type;
  if (typeof t === 'string') return t === 'null' ? undefined : t;
  if (!Array.isArray(t)) return undefined;
  let type: string | typeof NOT_A_NAME | undefined;
  for (const x of t) {
    if (x === 'null') continue;
    if (type !== undefined) return SEVERAL;
    type = typeof x === 'string' ? x : NOT_A_NAME;
  }
  return type;
}

/** The static type a value described by this schema has (nullability is implicit). */
export function schemaType(s: JsonSchema | undefined): Type {
  if (!s) return T.dyn;
  const sole = soleType(s);
  if (sole === undefined) return s.properties ? T.object : T.dyn;
  switch (sole) {
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
  const found = memberSchema(s, name);
  if (found === OPEN) return { kind: 'open' };
  if (found === UNDECLARED) return { kind: 'undeclared', known: declaredNames(s) };
  return { kind: 'declared', schema: found };
}

/** What memberSchema() gives when the schema says nothing about members here. */
export const OPEN = Symbol('open');
/** What memberSchema() gives when the schema lists its members and this is not one of them. */
export const UNDECLARED = Symbol('undeclared');

/**
 * lookupMember() without a result object: the member's schema (undefined
 * when declared without one), OPEN or UNDECLARED. The checker asks it for
 * every name of every literal path it types.
 */
export function memberSchema(s: JsonSchema | undefined, name: string): JsonSchema | undefined | typeof OPEN | typeof UNDECLARED {
  if (!s) return OPEN;
  const props = isSchema(s.properties) ? s.properties : undefined;
  if (props && Object.hasOwn(props, name)) return props[name];
  const extra = s.additionalProperties;
  if (isSchema(extra)) return extra;
  if (extra === true || !props) return OPEN;
  return UNDECLARED;
}

/** The member names a schema lists in `properties` (what UNDECLARED was not one of). */
export function declaredNames(s: JsonSchema | undefined): string[] {
  return s && isSchema(s.properties) ? Object.keys(s.properties) : [];
}

/** Whether the schema types its value as a string (what a path cannot read inside). */
export function isStringSchema(s: JsonSchema | undefined): boolean {
  // a member's schema is host data: it may be null or not an object at all
  return isSchema(s) && soleType(s) === 'string';
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
