/** Finding AST nodes by source offset. */
import { walk, type Node } from '@userfn/core';

/** A call node. */
export type Call = Extract<Node, { kind: 'call' }>;

/** The smallest node (not an error node) whose span holds offset `o`. */
export function nodeAt(ast: Node | null, o: number): Node | undefined {
  let best: Node | undefined;
  if (!ast) return undefined;
  walk(ast, (n) => {
    if (n.kind === 'error' || o < n.span.start || o >= n.span.end) return;
    if (!best || n.span.end - n.span.start <= best.span.end - best.span.start) best = n;
  });
  return best;
}

/** The call whose name holds offset `o` (at its end too, as a cursor right after a name is on it). */
export function callNamedAt(ast: Node | null, o: number): Call | undefined {
  let found: Call | undefined;
  if (!ast) return undefined;
  walk(ast, (n) => {
    if (n.kind === 'call' && o >= n.nameSpan.start && o <= n.nameSpan.end) found = n;
  });
  return found;
}
