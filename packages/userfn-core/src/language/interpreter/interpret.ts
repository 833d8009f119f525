import type { Node } from '../../common/ast/nodes.js';
import type { Checked } from '../checker/checker.js';
import { isLazyCall } from '../../runtime/builtins/define.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { atCallSite, checkRefined, invoke, isRefined } from '../../runtime/builtins/dispatch.js';
import { Fault } from '../../runtime/core/fault.js';
import { arithmetic, condition, equals, membership, negate, ordering } from '../../runtime/core/operators.js';
import type { Runtime } from '../../runtime/core/runtime.js';
import type { Value } from '../../common/values/values.js';

/** Sees every node the interpreter evaluates, with its value or its fault (for explanations). */
export interface Tracer {
  enter?(node: Node): void;
  value(node: Node, value: Value): void;
  fault(node: Node, fault: unknown): void;
}

/**
 * The reference tree-walking interpreter: generic operators, no
 * specialisation. It is the oracle the closure compiler is tested against, and
 * (with a tracer) what explanations are built from.
 */
export function interpret(checked: Checked, rt: Runtime, tracer?: Tracer): Value {
  const { types, calls } = checked;

  function evalNode(node: Node): Value {
    if (!tracer) return evalInner(node);
    tracer.enter?.(node);
    try {
      const v = evalInner(node);
      tracer.value(node, v);
      return v;
    } catch (e) {
      tracer.fault(node, e);
      throw e;
    }
  }

  function evalInner(node: Node): Value {
    switch (node.kind) {
      case 'number':
      case 'string':
      case 'boolean':
        return node.value;
      case 'null':
        return null;
      case 'list':
        return node.items.map(evalNode);
      case 'unary': {
        const v = evalNode(node.operand);
        return node.op === '-' ? negate(v, node.span) : !condition(v, node.operand.span);
      }
      case 'binary': {
        const a = evalNode(node.left);
        const b = evalNode(node.right);
        switch (node.op) {
          case '==':
            return equals(a, b, node.span, rt.limits);
          case '!=':
            return !equals(a, b, node.span, rt.limits);
          case '<':
          case '<=':
          case '>':
          case '>=':
            return ordering(node.op, a, b, node.span);
          case 'in':
            return membership(a, b, node.span, rt.limits);
          default:
            return arithmetic(node.op, a, b, node.span, rt.limits);
        }
      }
      case 'logical': {
        const left = condition(evalNode(node.left), node.left.span);
        if (node.op === 'and' ? !left : left) return left;
        return condition(evalNode(node.right), node.right.span);
      }
      case 'conditional':
        return condition(evalNode(node.test), node.test.span) ? evalNode(node.then) : evalNode(node.else);
      case 'call': {
        const call = calls[node.id];
        if (!call) throw new Fault(Codes.Internal, `call to ${node.name} was not checked`, node.span);
        let out: Value;
        if (isLazyCall(call)) {
          try {
            out = call.decl.lazy(
              node.args.map((a) => () => evalNode(a)),
              rt,
              node.span,
            );
          } catch (e) {
            throw atCallSite(e, node.span);
          }
        } else out = invoke(call, node.args.map(evalNode), rt, node.span);
        const t = types[node.id]!;
        return isRefined(call, t) ? checkRefined(out, t, node.span) : out;
      }
      case 'error':
        throw new Fault(Codes.Internal, 'cannot evaluate an expression with syntax errors', node.span);
    }
  }

  return evalNode(checked.ast);
}
