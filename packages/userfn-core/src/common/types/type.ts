/**
 * The static type lattice. Every type implicitly admits `null` ("missing"):
 * the null rules make null safe in every position, so nullability is not
 * tracked. `dyn` is a value whose type is known only at run time (what `get()`
 * returns without a schema); `error` marks a node that already failed to check,
 * so one mistake does not cascade into more diagnostics.
 */
export type Type =
  | { readonly kind: 'number' }
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'datetime' }
  | { readonly kind: 'duration' }
  | { readonly kind: 'null' }
  | { readonly kind: 'object' }
  | { readonly kind: 'list'; readonly elem: Type }
  | { readonly kind: 'dyn' }
  | { readonly kind: 'error' };

export type TypeKind = Type['kind'];

export type ListType = Extract<Type, { kind: 'list' }>;

const prim = <K extends TypeKind>(kind: K) => Object.freeze({ kind }) as Extract<Type, { kind: K }>;

/** Interned types: compare simple types by identity or by `kind`. */
export const T = Object.freeze({
  number: prim('number'),
  string: prim('string'),
  boolean: prim('boolean'),
  datetime: prim('datetime'),
  duration: prim('duration'),
  null: prim('null'),
  object: prim('object'),
  dyn: prim('dyn'),
  error: prim('error'),
  list: (elem: Type): ListType => (elem.kind === 'dyn' ? LIST_DYN : Object.freeze({ kind: 'list', elem })),
});

const LIST_DYN: ListType = Object.freeze({ kind: 'list', elem: T.dyn });
export const LIST_OF_DYN = LIST_DYN;

/** `number`, `list<string>`, `dyn` ... as shown to users. */
export function typeToString(t: Type): string {
  return t.kind === 'list' ? (t.elem.kind === 'dyn' ? 'list' : `list<${typeToString(t.elem)}>`) : t.kind;
}

/** True when the type is only known at run time (or already failed). */
export function isOpen(t: Type): boolean {
  return t.kind === 'dyn' || t.kind === 'error';
}

/** Can a value of type `from` be used where `to` is expected (statically possible)? */
export function isAssignable(from: Type, to: Type): boolean {
  if (isOpen(from) || isOpen(to) || from.kind === 'null') return true;
  if (from.kind !== to.kind) return false;
  if (from.kind === 'list' && to.kind === 'list') return isAssignable(from.elem, to.elem);
  return true;
}

/** Could two values of these types ever be equal? (for the never-equal warning) */
export function canBeEqual(a: Type, b: Type): boolean {
  if (isOpen(a) || isOpen(b) || a.kind === 'null' || b.kind === 'null') return true;
  if (a.kind !== b.kind) return false;
  if (a.kind === 'list' && b.kind === 'list') return canBeEqual(a.elem, b.elem);
  return true;
}

/** The type of a value that is either `a` or `b` (branches of a conditional, list items). */
export function join(a: Type, b: Type): Type {
  if (a.kind === 'error' || b.kind === 'error') return T.error;
  if (a.kind === 'null') return b;
  if (b.kind === 'null') return a;
  if (a.kind === 'list' && b.kind === 'list') return T.list(join(a.elem, b.elem));
  return a.kind === b.kind ? a : T.dyn;
}

const NAMES: Record<string, Type> = {
  number: T.number,
  string: T.string,
  boolean: T.boolean,
  datetime: T.datetime,
  duration: T.duration,
  null: T.null,
  object: T.object,
  list: LIST_DYN,
  any: T.dyn,
  dyn: T.dyn,
};

/** Parses a type name as hosts write it in function signatures: `number`, `list<string>`, `any`. */
export function parseTypeName(text: string): Type | undefined {
  const s = text.trim();
  const m = /^list\s*<(.+)>$/.exec(s);
  if (m) {
    const elem = parseTypeName(m[1]!);
    return elem && T.list(elem);
  }
  return NAMES[s];
}
