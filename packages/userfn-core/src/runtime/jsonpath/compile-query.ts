import { isSingularSegments, type PathSegment, type QueryExpr, type Selector } from './ast.js';
import { charge } from './budget.js';
import { compileSingularGet, singularKeys } from './compile-singular.js';
import type { EvalContext, LogicalFn, NodesFn, SelectorFn } from './context.js';
import { forEachDescendant } from './descend.js';
import { compileLogical } from './filter.js';
import { hasOwn, isArray, isRecord, ownElement } from '../../common/values/json-values.js';
import { sliceBounds } from './slice.js';

/**
 * The general engine: a query becomes a chain of segment closures, each
 * mapping a nodelist to the next. Nodelists hold the values of the nodes in
 * document order. Every node a selector produces is charged to the budget,
 * which bounds both time and the size of intermediate nodelists.
 */

/** Runs segments from a start node, returning the resulting nodelist. */
export type SegmentsFn = (start: unknown, ctx: EvalContext) => unknown[];

type SegmentFn = (input: readonly unknown[], ctx: EvalContext) => unknown[];

/** Compiles a query's segments; singular queries use the specialised getter. */
export function compileSegments(segments: readonly PathSegment[]): SegmentsFn {
  if (isSingularSegments(segments)) {
    const get = compileSingularGet(singularKeys(segments));
    return (start) => {
      const v = get(start);
      return v === undefined ? [] : [v];
    };
  }
  const fns = segments.map(compileSegment);
  return (start, ctx) => {
    if (start === undefined) return [];
    let nodes: unknown[] = [start];
    for (let i = 0; i < fns.length && nodes.length > 0; i++) nodes = fns[i]!(nodes, ctx);
    return nodes;
  };
}

/** Compiles a query embedded in a filter: `@` starts at the current node, `$` at the root. */
export function compileEmbeddedQuery(q: QueryExpr): NodesFn {
  const run = compileSegments(q.segments);
  return q.root === '@' ? (current, ctx) => run(current, ctx) : (_current, ctx) => run(ctx.root, ctx);
}

function compileSegment(segment: PathSegment): SegmentFn {
  const selectors = segment.selectors.map(compileSelector);
  const one = selectors.length === 1 ? selectors[0]! : null;
  if (!segment.descendant) {
    if (one !== null) {
      return (input, ctx) => {
        const out: unknown[] = [];
        for (let i = 0; i < input.length; i++) one(input[i], out, ctx);
        return out;
      };
    }
    return (input, ctx) => {
      const out: unknown[] = [];
      for (let i = 0; i < input.length; i++) for (let s = 0; s < selectors.length; s++) selectors[s]!(input[i], out, ctx);
      return out;
    };
  }
  return (input, ctx) => {
    const out: unknown[] = [];
    const visit =
      one !== null
        ? (node: unknown) => one(node, out, ctx)
        : (node: unknown) => {
            for (let s = 0; s < selectors.length; s++) selectors[s]!(node, out, ctx);
          };
    for (let i = 0; i < input.length; i++) forEachDescendant(input[i], ctx.budget, visit);
    return out;
  };
}

/** Compiles one selector to a closure appending what it selects from a node. */
export function compileSelector(sel: Selector): SelectorFn {
  switch (sel.kind) {
    case 'name': {
      const name = sel.name;
      return (node, out, ctx) => {
        if (isRecord(node) && hasOwn.call(node, name)) {
          const v = node[name];
          if (v !== undefined) {
            charge(ctx.budget);
            out.push(v);
          }
        }
      };
    }
    case 'index': {
      const index = sel.index;
      return (node, out, ctx) => {
        if (!isArray(node)) return;
        const i = index >= 0 ? index : node.length + index;
        if (i < 0 || i >= node.length) return;
        const v = ownElement(node, i);
        if (v !== undefined) {
          charge(ctx.budget);
          out.push(v);
        }
      };
    }
    case 'wildcard':
      return (node, out, ctx) => pushChildren(node, out, ctx, null);
    case 'slice': {
      const { start, end, step } = sel;
      return (node, out, ctx) => {
        if (!isArray(node)) return;
        const b = sliceBounds(start, end, step, node.length);
        if (b === null) return;
        if (b.step > 0) for (let i = b.first; i < b.limit; i += b.step) pushElement(node, i, out, ctx);
        else for (let i = b.first; i > b.limit; i += b.step) pushElement(node, i, out, ctx);
      };
    }
    case 'filter': {
      const test: LogicalFn = compileLogical(sel.expr, compileEmbeddedQuery);
      return (node, out, ctx) => pushChildren(node, out, ctx, test);
    }
  }
}

function pushElement(array: readonly unknown[], i: number, out: unknown[], ctx: EvalContext): void {
  const v = ownElement(array, i);
  if (v === undefined) return;
  charge(ctx.budget);
  out.push(v);
}

/**
 * Appends each child value of an array or plain object (in order) for which
 * `test` holds (all of them when `test` is null), charging each child examined.
 */
function pushChildren(node: unknown, out: unknown[], ctx: EvalContext, test: LogicalFn | null): void {
  if (isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const v = ownElement(node, i);
      if (v === undefined) continue;
      charge(ctx.budget);
      if (test === null || test(v, ctx)) out.push(v);
    }
  } else if (isRecord(node)) {
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const v = node[keys[i]!];
      if (v === undefined) continue;
      charge(ctx.budget);
      if (test === null || test(v, ctx)) out.push(v);
    }
  }
}
