import type { Comparable, ComparisonExpr, FunctionArg, FunctionExpr, LogicalExpr, QueryExpr } from './ast.js';
import { compileSingularGet, singularKeys } from './compile-singular.js';
import type { LogicalFn, NodesFn, ValueFn } from './context.js';
import { jsonEquals, jsonLess } from './equality.js';
import { lookupFunction, type CompiledArg, type CompiledCall } from './functions.js';

/**
 * Compiles filter expressions (already type-checked by the parser) to
 * closures. Nothing is `undefined`. Embedded non-singular queries are compiled
 * by the general engine, passed in to keep the two modules acyclic.
 */

/** Compiles an embedded query to a nodelist function. */
export type EmbeddedQueryCompiler = (q: QueryExpr) => NodesFn;

/** Compiles a logical expression to a predicate on the current node. */
export function compileLogical(e: LogicalExpr, queries: EmbeddedQueryCompiler): LogicalFn {
  switch (e.kind) {
    case 'or': {
      const fns = e.operands.map((o) => compileLogical(o, queries));
      return (c, ctx) => {
        for (let i = 0; i < fns.length; i++) if (fns[i]!(c, ctx)) return true;
        return false;
      };
    }
    case 'and': {
      const fns = e.operands.map((o) => compileLogical(o, queries));
      return (c, ctx) => {
        for (let i = 0; i < fns.length; i++) if (!fns[i]!(c, ctx)) return false;
        return true;
      };
    }
    case 'not': {
      const f = compileLogical(e.operand, queries);
      return (c, ctx) => !f(c, ctx);
    }
    case 'comparison':
      return compileComparison(e, queries);
    case 'test': {
      const operand = e.operand;
      if (operand.kind === 'query') return compileExists(operand, queries);
      const call = compileCall(operand, queries);
      if (call.type === 'logical') return call.fn;
      if (call.type === 'nodes') {
        const nodes = call.fn;
        return (c, ctx) => nodes(c, ctx).length > 0;
      }
      // The parser rejects value-returning functions as tests.
      throw new TypeError(`${operand.name}() cannot be used as a test`);
    }
  }
}

/** An existence test: a singular query only needs its getter. */
function compileExists(q: QueryExpr, queries: EmbeddedQueryCompiler): LogicalFn {
  if (q.singular) {
    const get = singularValue(q);
    return (c, ctx) => get(c, ctx) !== undefined;
  }
  const nodes = queries(q);
  return (c, ctx) => nodes(c, ctx).length > 0;
}

function singularValue(q: QueryExpr): ValueFn {
  const get = compileSingularGet(singularKeys(q.segments));
  return q.root === '@' ? (c) => get(c) : (_c, ctx) => get(ctx.root);
}

/** Compiles a comparable (literal, singular query, value function) to a value-or-Nothing function. */
function compileComparable(e: Comparable, queries: EmbeddedQueryCompiler): ValueFn {
  switch (e.kind) {
    case 'literal': {
      const v = e.value;
      return () => v;
    }
    case 'query':
      return singularValue(e);
    case 'function': {
      const call = compileCall(e, queries);
      if (call.type !== 'value') throw new TypeError(`${e.name}() does not return a value`);
      return call.fn;
    }
  }
}

function compileComparison(e: ComparisonExpr, queries: EmbeddedQueryCompiler): LogicalFn {
  const l = compileComparable(e.left, queries);
  const r = compileComparable(e.right, queries);
  // Equality with a literal primitive is plain ===: a literal never equals a
  // container, and Nothing (undefined) never equals a literal.
  const literal = e.right.kind === 'literal' ? e.right.value : e.left.kind === 'literal' ? e.left.value : undefined;
  const other = e.right.kind === 'literal' ? l : r;
  if (literal !== undefined && (e.op === '==' || e.op === '!=')) {
    return e.op === '==' ? (c, ctx) => other(c, ctx) === literal : (c, ctx) => other(c, ctx) !== literal;
  }
  switch (e.op) {
    case '==':
      return (c, ctx) => jsonEquals(l(c, ctx), r(c, ctx), ctx.budget);
    case '!=':
      return (c, ctx) => !jsonEquals(l(c, ctx), r(c, ctx), ctx.budget);
    case '<':
      return (c, ctx) => jsonLess(l(c, ctx), r(c, ctx));
    case '>':
      return (c, ctx) => jsonLess(r(c, ctx), l(c, ctx));
    case '<=':
      return (c, ctx) => {
        const a = l(c, ctx);
        const b = r(c, ctx);
        return jsonLess(a, b) || jsonEquals(a, b, ctx.budget);
      };
    case '>=':
      return (c, ctx) => {
        const a = l(c, ctx);
        const b = r(c, ctx);
        return jsonLess(b, a) || jsonEquals(a, b, ctx.budget);
      };
  }
}

/** Compiles a function call: each argument in the form its parameter type asks for, then the declaration's builder. */
function compileCall(e: FunctionExpr, queries: EmbeddedQueryCompiler): CompiledCall {
  const decl = lookupFunction(e.name);
  if (decl === undefined) throw new TypeError(`unknown function ${e.name}()`);
  const args = e.args.map((a, i) => compileArg(a, decl.params[i]!, queries));
  return decl.build(args);
}

function compileArg(a: FunctionArg, param: 'value' | 'logical' | 'nodes', queries: EmbeddedQueryCompiler): CompiledArg {
  switch (param) {
    case 'value':
      if (a.kind === 'literal') {
        const v = a.value;
        return { type: 'value', fn: () => v, literal: { value: v } };
      }
      if (a.kind === 'query' || a.kind === 'function') return { type: 'value', fn: compileComparable(a, queries) };
      break;
    case 'logical':
      if (a.kind !== 'literal' && a.kind !== 'query' && a.kind !== 'function') return { type: 'logical', fn: compileLogical(a, queries) };
      break;
    case 'nodes':
      if (a.kind === 'query') return { type: 'nodes', fn: queries(a) };
      if (a.kind === 'function') {
        const call = compileCall(a, queries);
        if (call.type === 'nodes') return call;
      }
      break;
  }
  // The parser's well-typedness check makes this unreachable.
  throw new TypeError(`argument of kind ${a.kind} does not fit a ${param} parameter`);
}
