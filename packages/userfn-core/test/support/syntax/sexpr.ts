import type { Node } from '../../../src/common/ast/nodes.js';

/**
 * A compact, position-free rendering of an AST for tests: `(+ 1 (* 2 3))`,
 * `(not x)`, `(neg x)`, `(call f 1)`, `[1 2]`, `(if c a b)`, `(?: c a b)`,
 * `(if() c a b)`, `ERR`. Recursive: only for the small trees tests build.
 */
export function sexpr(node: Node | null): string {
  if (node === null) return 'null-ast';
  switch (node.kind) {
    case 'number':
      return node.raw;
    case 'string':
      return `'${node.value.replaceAll("'", "''")}'`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'error':
      return 'ERR';
    case 'list':
      return `[${node.items.map(sexpr).join(' ')}]`;
    case 'call':
      return `(call ${node.name}${node.args.map((a) => ' ' + sexpr(a)).join('')})`;
    case 'unary':
      return `(${node.op === '-' ? 'neg' : node.op} ${sexpr(node.operand)})`;
    case 'binary':
    case 'logical':
      return `(${node.op} ${sexpr(node.left)} ${sexpr(node.right)})`;
    case 'conditional': {
      const head = node.form === 'ternary' ? '?:' : node.form === 'call' ? 'if()' : 'if';
      return `(${head} ${sexpr(node.test)} ${sexpr(node.then)} ${sexpr(node.else)})`;
    }
  }
}
