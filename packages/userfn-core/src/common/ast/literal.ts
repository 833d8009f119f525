import type { Node } from './nodes.js';

/** What literalOf gives for a node that is not a literal. */
export const NOT_LITERAL = Symbol('not a literal');

/**
 * The value of a literal node (number, string, boolean, null), so a compiled
 * closure can hold it instead of calling a closure for it on every evaluation.
 */
export function literalOf(n: Node): number | string | boolean | null | typeof NOT_LITERAL {
  switch (n.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return n.value;
    case 'null':
      return null;
    default:
      return NOT_LITERAL;
  }
}
