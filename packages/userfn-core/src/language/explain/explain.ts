import { children, type Node } from '../../common/ast/nodes.js';
import type { Checked } from '../checker/checker.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import { interpret } from '../interpreter/interpret.js';
import type { Runtime } from '../../runtime/core/runtime.js';
import type { Value } from '../../common/values/values.js';
import { describeValue } from '../../runtime/core/json-text.js';
import { stringReadNotes } from './string-reads.js';

/** One evaluated (or skipped) sub-expression. */
export interface ExplainNode {
  readonly span: Span;
  /** The sub-expression's source text. */
  readonly text: string;
  /** False for parts that short-circuiting skipped. */
  readonly evaluated: boolean;
  readonly value?: Value;
  readonly error?: { readonly code: string; readonly message: string };
  readonly children: readonly ExplainNode[];
}

/** Why an expression gave what it gave. */
export interface Explanation {
  readonly value: Value;
  readonly error?: ReturnType<UserFnError['toJSON']>;
  /** For a false/null boolean result (or an error): one line naming what made it so. */
  readonly reason?: string;
  readonly tree: ExplainNode;
  /** The tree as indented text, one sub-expression a line. */
  readonly text: string;
}

type Outcome = { value: Value } | { fault: unknown };

/** Evaluates with the reference interpreter, recording every node's outcome. */
export function traceEvaluation(checked: Checked, rt: Runtime): { outcomes: Map<number, Outcome>; result: Outcome } {
  const outcomes = new Map<number, Outcome>();
  let result: Outcome;
  try {
    result = {
      value: interpret(checked, rt, {
        value: (n, v) => outcomes.set(n.id, { value: v }),
        fault: (n, e) => {
          if (!outcomes.has(n.id)) outcomes.set(n.id, { fault: e });
        },
      }),
    };
  } catch (e) {
    result = { fault: e };
  }
  return { outcomes, result };
}

/** A value written in the source (a list of such values too): naming its value in a reason or a tree line would only repeat it. */
const isLiteral = (n: Node): boolean =>
  n.kind === 'number' || n.kind === 'string' || n.kind === 'boolean' || n.kind === 'null' || (n.kind === 'list' && n.items.every(isLiteral));

/**
 * Builds the tree of sub-expressions with their outcomes. A literal below the
 * root is left out: `0.95 => 0.95` explains nothing (the root stays, so that
 * `1` still has a tree).
 */
export function buildTree(
  source: string,
  ast: Node,
  outcomes: ReadonlyMap<number, Outcome>,
  faultInfo: (e: unknown) => { code: string; message: string },
): ExplainNode {
  const build = (n: Node): ExplainNode => {
    const o = outcomes.get(n.id);
    const base = {
      span: n.span,
      text: source.slice(n.span.start, n.span.end),
      children: children(n)
        .filter((c) => !isLiteral(c))
        .map(build),
    };
    if (!o) return { ...base, evaluated: false };
    return 'value' in o ? { ...base, evaluated: true, value: o.value } : { ...base, evaluated: true, error: faultInfo(o.fault) };
  };
  return build(ast);
}

/**
 * The one-line reason a boolean came out false: descends through `and`
 * (the conjuncts that were false), `or` (every disjunct), `not` and
 * conditionals to the comparisons and calls at fault, and names their operands' values.
 */
export function falseReason(source: string, checked: Checked, outcomes: ReadonlyMap<number, Outcome>, context: unknown): string {
  const { ast } = checked;
  const text = (n: Node) => source.slice(n.span.start, n.span.end);
  const valueAt = (n: Node): Value | undefined => {
    const o = outcomes.get(n.id);
    return o && 'value' in o ? o.value : undefined;
  };
  const operands = (n: Node): string[] =>
    children(n)
      .filter((c) => !isLiteral(c) && outcomes.has(c.id))
      .map((c) => `${text(c)} = ${describeValue(valueAt(c) ?? null)}`);

  // Appends to one array, with no flatMap/spread frames in between: a long `or` chain recurses once per level.
  const out: string[] = [];
  const culprits = (n: Node, wanted: boolean): void => {
    if (n.kind === 'logical') {
      // and wanted false / or wanted true: any failing side; otherwise every side.
      const every = (n.op === 'and') !== wanted;
      for (const c of [n.left, n.right]) {
        if (outcomes.has(c.id) && (every || (valueAt(c) === true) !== wanted)) culprits(c, wanted);
      }
      return;
    }
    if (n.kind === 'unary' && n.op !== '-') return culprits(n.operand, !wanted);
    if (n.kind === 'conditional') return culprits(valueAt(n.test) === true ? n.then : n.else, wanted);
    const v = valueAt(n);
    const verdict = v === null ? 'null' : String(v === true);
    const ops = operands(n);
    out.push(`${text(n)} was ${verdict}${ops.length ? `: ${ops.join(', ')}` : ''}`);
  };
  culprits(ast, true);
  out.push(...stringReadNotes(checked, context, outcomes));
  return out.join('; ');
}

/** The tree as indented text: each sub-expression with its value, its error, or `not evaluated`. */
export function renderTree(tree: ExplainNode): string {
  const lines: string[] = [];
  const visit = (n: ExplainNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const shown = !n.evaluated ? 'not evaluated' : n.error ? `error ${n.error.code}: ${n.error.message}` : describeValue(n.value ?? null);
    lines.push(`${pad}${n.text} => ${shown}`);
    for (const c of n.children) visit(c, depth + 1);
  };
  visit(tree, 0);
  return lines.join('\n');
}
