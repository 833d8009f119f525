import type { Node } from './nodes.js';

/** What literalOf gives for a node that is not a literal. */
export const NOT_LITERAL = Symbol('not a literal');

/**
 * The value of a literal node (number, string, boolean, null), so a compiled
 * closure can hold it instead of calling a closure for it on every evaluation.
 */
export function literalOf(n: Node): number | string | boolean | null | typeof NOT_LITERAL {
  switch (n.kind) {
    case 'string':
      return heldString(n.value);
    case 'number':
    case 'boolean':
      return n.value;
    case 'null':
      return null;
    default:
      return NOT_LITERAL;
  }
}

/** Below this length V8 copies a slice of a string; from it on, a slice is a view into the source. */
const VIEW_LENGTH = 13;

/**
 * A string as a compiled closure holds it, to compare with at every
 * evaluation. A string literal's value of 13 or more characters is a view
 * into the source (V8's sliced string), and comparing a context's string with
 * a view took about 30 ns against 4 with a string of its own (`get(p) ==
 * 'refund_processed'`, `called('lookup_account')` over a list of calls): a
 * copy is made, as the engine's own internalized string (a property name's),
 * and for names of up to 256 characters kept and given again until the table
 * of copies fills (`held` below). Shorter values are copies already.
 */
export function heldString(s: string): string {
  // (past a few KB a literal is data, not a name to compare: the engine's string table is not for it)
  if (s.length < VIEW_LENGTH || s.length > 4096) return s;
  if (s.length > HELD_LENGTH) return internalized(s);
  let h = held.get(s);
  if (h === undefined) {
    if (held.size >= HELD_LIMIT) held.clear();
    h = internalized(s);
    held.set(h, h);
  }
  return h;
}

/** The engine's own copy of `s`: the string a property name of that text is. */
function internalized(s: string): string {
  return Object.keys({ [s]: 0 })[0]!;
}

/**
 * The copies made, found again by their text: making one (the internalized
 * string) costs about 250 ns, finding it again about 60 (the engine's hash
 * of the fresh view), and a compile asks for a literal's copy more than once
 * (`get('$.agent.key') == 'support-agent'` compiled in 3.2 µs against 2.6
 * for a literal of 7 characters). Bounded like the path cache: cleared when
 * full, and only for names of up to 256 characters. Keyed by the copy, not by
 * the string asked for: that is often a view, which would keep its whole
 * source alive.
 */
const held = new Map<string, string>();
export const HELD_LIMIT = 1024;
const HELD_LENGTH = 256;

/** The copies held now (for tests: the table stays bounded, and holds copies, never a view into a source). */
export function heldNames(): string[] {
  return [...held.keys()];
}
