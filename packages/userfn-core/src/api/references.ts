import { walk, type Node } from '../common/ast/nodes.js';
import type { Span } from '../common/diagnostics/span.js';

/** A literal JSONPath an expression reads. */
export interface PathReference {
  /** The function that reads it: get, has or json_get. */
  readonly function: string;
  readonly path: string;
  /** The span of the string literal in the source. */
  readonly span: Span;
}

/** A function an expression calls. */
export interface FunctionReference {
  readonly name: string;
  readonly span: Span;
}

/** What an expression uses: the literal paths it reads and the functions it calls, in source order. */
export interface References {
  readonly paths: readonly PathReference[];
  readonly functions: readonly FunctionReference[];
}

const PATH_ARG: Readonly<Record<string, number>> = { get: 0, has: 0, json_get: 1 };

/** Lists the literal `get`/`has`/`json_get` paths and the function calls of an AST. */
export function collectReferences(ast: Node | null): References {
  const paths: PathReference[] = [];
  const functions: FunctionReference[] = [];
  if (ast) {
    walk(ast, (n) => {
      if (n.kind !== 'call') return;
      functions.push({ name: n.name, span: n.nameSpan });
      const i = PATH_ARG[n.name];
      const arg = i === undefined ? undefined : n.args[i];
      if (arg?.kind === 'string') paths.push({ function: n.name, path: arg.value, span: arg.span });
    });
  }
  const bySpan = (a: { span: Span }, b: { span: Span }) => a.span.start - b.span.start;
  return { paths: paths.sort(bySpan), functions: functions.sort(bySpan) };
}
