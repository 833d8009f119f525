import { heldString, literalOf, NOT_LITERAL } from '../../common/ast/literal.js';
import type { ArithmeticOp, Binary, Call, Logical, Node, OrderingOp } from '../../common/ast/nodes.js';
import { isLazyCall, type Closure, type CompileHookContext, type EagerCall, type LazyImpl, type ResolvedCall } from '../../runtime/builtins/define.js';
import type { Checked } from '../checker/checker.js';
import { Codes } from '../../common/diagnostics/codes.js';
import type { Limits } from '../../common/limits.js';
import { compareStrings } from '../../common/values/compare.js';
import { fromContext, isNullAtGate } from '../../runtime/core/context-values.js';
import { atCallSite, checkRefined, invoke, isRefined } from '../../runtime/builtins/dispatch.js';
import { Fault } from '../../runtime/core/fault.js';
import { arithmetic, condition, equals, membership, negate, ordering } from '../../runtime/core/operators.js';
import type { Value } from '../../common/values/values.js';
import type { Type } from '../../common/types/type.js';
import { compileNumberOp } from './number-ops.js';

type Test = (rt: Parameters<Closure>[0]) => boolean;

const NUMBER_ORDER: Record<OrderingOp, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/** Plain number arithmetic; the callers handle zero divisors and non-finite results through the generic path. */
const NUMBER_ARITHMETIC: Record<ArithmeticOp, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

const isPrimitive = (t: Type) => t.kind === 'number' || t.kind === 'string' || t.kind === 'boolean' || t.kind === 'null';

/** Nodes whose closure always gives `true` or `false` (never null): a boolean position can call it directly. */
function givesStrictBoolean(n: Node): boolean {
  if (n.kind === 'logical') return true;
  if (n.kind === 'unary') return n.op !== '-';
  return n.kind === 'binary' && (n.op === '==' || n.op === '!=' || n.op === 'in' || n.op === '<' || n.op === '<=' || n.op === '>' || n.op === '>=');
}

/**
 * `a <op> k` for a number literal k: the operator is chosen here, not on each
 * evaluation, and k is held, not called for. Other operand types take the
 * generic rules, as in the two-closure form.
 */
function orderingWithNumber(op: OrderingOp, l: Closure, k: number, span: Node['span']): Closure {
  switch (op) {
    case '<':
      return (rt) => {
        const a = l(rt);
        return typeof a === 'number' ? a < k : ordering(op, a, k, span);
      };
    case '<=':
      return (rt) => {
        const a = l(rt);
        return typeof a === 'number' ? a <= k : ordering(op, a, k, span);
      };
    case '>':
      return (rt) => {
        const a = l(rt);
        return typeof a === 'number' ? a > k : ordering(op, a, k, span);
      };
    case '>=':
      return (rt) => {
        const a = l(rt);
        return typeof a === 'number' ? a >= k : ordering(op, a, k, span);
      };
  }
}

/**
 * `get(p) <op> k` for a literal singular path p and a number literal k: one
 * closure reads the context and compares. A finite number read is compared
 * at once; anything else passes the context gate first and takes the generic
 * rules, exactly as through get's own closure.
 */
function orderingOfRead(op: OrderingOp, read: (ctx: unknown) => unknown, k: number, span: Node['span']): Closure {
  switch (op) {
    case '<':
      return (rt) => {
        const a = read(rt.ctx);
        return typeof a === 'number' && a - a === 0 ? a < k : ordering(op, fromContext(a), k, span);
      };
    case '<=':
      return (rt) => {
        const a = read(rt.ctx);
        return typeof a === 'number' && a - a === 0 ? a <= k : ordering(op, fromContext(a), k, span);
      };
    case '>':
      return (rt) => {
        const a = read(rt.ctx);
        return typeof a === 'number' && a - a === 0 ? a > k : ordering(op, fromContext(a), k, span);
      };
    case '>=':
      return (rt) => {
        const a = read(rt.ctx);
        return typeof a === 'number' && a - a === 0 ? a >= k : ordering(op, fromContext(a), k, span);
      };
  }
}

/** A short-circuiting builtin's call: its implementation gets the arguments as thunks. */
function lazyCall(lazy: LazyImpl, args: readonly Closure[], span: Node['span']): Closure {
  const thunks = (rt: Parameters<Closure>[0]) => args.map((a) => () => a(rt));
  return (rt) => {
    try {
      return lazy(thunks(rt), rt, span);
    } catch (e) {
      throw atCallSite(e, span);
    }
  };
}

/** Generic calls, unrolled for the common arities so no argument array is built until the builtin runs. */
function genericCall(resolved: EagerCall, args: Closure[], span: Node['span']): Closure {
  switch (args.length) {
    case 0:
      return (rt) => invoke(resolved, [], rt, span);
    case 1: {
      const [a] = args as [Closure];
      return (rt) => invoke(resolved, [a(rt)], rt, span);
    }
    case 2: {
      const [a, b] = args as [Closure, Closure];
      return (rt) => invoke(resolved, [a(rt), b(rt)], rt, span);
    }
    case 3: {
      const [a, b, c] = args as [Closure, Closure, Closure];
      return (rt) => invoke(resolved, [a(rt), b(rt), c(rt)], rt, span);
    }
    default:
      return (rt) =>
        invoke(
          resolved,
          args.map((a) => a(rt)),
          rt,
          span,
        );
  }
}

/** The generic call of a resolved call: the lazy one's thunks, or an eager one's argument values. */
function genericOf(resolved: ResolvedCall, args: Closure[], span: Node['span']): Closure {
  return isLazyCall(resolved) ? lazyCall(resolved.decl.lazy, args, span) : genericCall(resolved, args, span);
}

/**
 * What a builtin's compile hook sees. The argument closures and the generic
 * call are made when a hook reads them: the commonest, get's and called()'s,
 * never do (their literal argument is compiled into the hook's own closure),
 * and a compile made them for every call.
 */
class CompileHook implements CompileHookContext {
  private argClosures: Closure[] | undefined;
  private genericClosure: Closure | undefined;

  constructor(
    readonly call: Call,
    private readonly resolved: ResolvedCall,
    readonly limits: Limits,
    private readonly compiler: Compiler,
  ) {}

  get argNodes(): readonly Node[] {
    return this.call.args;
  }

  get args(): Closure[] {
    return (this.argClosures ??= this.compiler.args(this.call));
  }

  get data(): unknown {
    return this.resolved.data;
  }

  get generic(): Closure {
    return (this.genericClosure ??= genericOf(this.resolved, this.args, this.call.span));
  }
}

/**
 * Compiles a checked AST into closures, once. Static types chosen by the
 * checker pick specialised closures (number arithmetic, primitive equality,
 * boolean conditions); everything else uses the generic operators the
 * interpreter uses, so the two agree by construction where they share code and
 * are tested against each other where they do not.
 */
export function compileChecked(checked: Checked, limits: Limits): Closure {
  return new Compiler(checked, limits).gen(checked.ast);
}

/**
 * The walk of compileChecked: a class, not closures in it, so a compile
 * allocates one object for its helpers (they were most of what compiling a
 * literal allocated). The closures it returns read no field of `this` (each
 * method copies what they need, `limits`, into a local), but a closure made
 * in a method whose arrow functions use `this` (gen, logical) shares that
 * method's scope and so keeps the Compiler alive, as closures kept
 * compileChecked's scope before; the Compiled object holds the checked tree
 * and its tables anyway.
 */
class Compiler {
  private readonly types: readonly Type[];
  private readonly calls: Checked['calls'];

  constructor(
    checked: Checked,
    private readonly limits: Limits,
  ) {
    this.types = checked.types;
    this.calls = checked.calls;
  }

  private typeOf(n: Node): Type {
    return this.types[n.id]!;
  }

  /**
   * The raw reader behind `get('<singular literal path>')`, when comparing
   * with a literal can skip get's closure (most verification rules are such
   * a comparison); undefined when the call is anything else or its result
   * is checked against a schema type.
   */
  literalRead(n: Node): ((ctx: unknown) => unknown) | undefined {
    if (n.kind !== 'call') return undefined;
    const resolved = this.calls[n.id];
    if (!resolved || isRefined(resolved, this.typeOf(n))) return undefined;
    return resolved.decl.contextReader?.(resolved.data, n.args.length);
  }

  /** The items of a list literal of strings, finite numbers and booleans (no null), or undefined. */
  primitiveItems(n: Node): readonly (string | number | boolean)[] | undefined {
    if (n.kind !== 'list') return undefined;
    const items: (string | number | boolean)[] = [];
    for (const item of n.items) {
      const k = literalOf(item);
      if (typeof k === 'string' || typeof k === 'boolean' || (typeof k === 'number' && Number.isFinite(k))) items.push(k);
      else return undefined;
    }
    return items;
  }

  /** A closure that gives true/false for a node in a boolean position. */
  test(node: Node): Test {
    const c = this.gen(node);
    // One call fewer on the hottest path (every conjunct of a condition).
    if (givesStrictBoolean(node)) return c as Test;
    if (this.typeOf(node).kind === 'boolean') return (rt) => c(rt) === true;
    const span = node.span;
    return (rt) => {
      const v = c(rt);
      return v === true || (v !== false && v !== null && condition(v, span));
    };
  }

  /**
   * A comparison of a literal `get()` read with a literal (`get(p) == 'x'`,
   * `get(p) != null`, `get(p) > 0.8`, `get(p) in ['a', 'b']`: most rules) as
   * one closure that reads raw; undefined for anything else. Tried before
   * the operands are compiled: a fused comparison needs neither of their
   * closures, which every compile made and threw away.
   */
  fusedRead(node: Binary): Closure | undefined {
    const span = node.span;
    switch (node.op) {
      case '==':
      case '!=': {
        // With a primitive on either side, deep equality is identity (values are never undefined).
        if (!isPrimitive(this.typeOf(node.left)) && !isPrimitive(this.typeOf(node.right))) return undefined;
        const neg = node.op === '!=';
        // `get(p) == 'x'`: a string, number or boolean equals the gated value exactly when it
        // equals the raw one (the gate only turns non-JSON values into null), so read raw.
        // (The left side's literal is taken only when the right side has none: a long
        // string literal is copied when taken, heldString.)
        const kr = literalOf(node.right);
        const onRight = kr !== NOT_LITERAL;
        const k = onRight ? kr : literalOf(node.left);
        if (k === NOT_LITERAL) return undefined;
        const read = this.literalRead(onRight ? node.left : node.right);
        if (!read) return undefined;
        if (k !== null) return neg ? (rt) => read(rt.ctx) !== k : (rt) => read(rt.ctx) === k;
        // `get(p) != null` needs the gate (a function or NaN reads as null), but not get's own closure.
        return neg ? (rt) => !isNullAtGate(read(rt.ctx)) : (rt) => isNullAtGate(read(rt.ctx));
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const lk = this.typeOf(node.left).kind;
        const rk = this.typeOf(node.right).kind;
        const numeric = (lk === 'number' || lk === 'dyn') && (rk === 'number' || rk === 'dyn');
        const k = literalOf(node.right);
        if (!numeric || typeof k !== 'number') return undefined;
        const read = this.literalRead(node.left);
        return read ? orderingOfRead(node.op, read, k, span) : undefined;
      }
      case 'in': {
        // `get(p) in ['a', 'b']`: binary() says why reading raw is exact.
        const items: readonly unknown[] | undefined = this.primitiveItems(node.right);
        const read = items && this.literalRead(node.left);
        return read ? (rt) => items!.includes(read(rt.ctx)) : undefined;
      }
      default:
        return undefined;
    }
  }

  binary(node: Binary): Closure {
    const fused = this.fusedRead(node);
    if (fused) return fused;
    const limits = this.limits;
    const l = this.gen(node.left);
    const r = this.gen(node.right);
    const lk = this.typeOf(node.left).kind;
    const rk = this.typeOf(node.right).kind;
    const span = node.span;
    // Operands statically numbers, or dynamic (likely numbers): try numbers first, else the generic rules.
    const numeric = (lk === 'number' || lk === 'dyn') && (rk === 'number' || rk === 'dyn');
    switch (node.op) {
      case '==':
      case '!=': {
        const neg = node.op === '!=';
        // With a primitive on either side, deep equality is identity (values are never undefined).
        if (isPrimitive(this.typeOf(node.left)) || isPrimitive(this.typeOf(node.right))) {
          // A literal side is held, not called (the other side is evaluated exactly as before).
          // (A literal read compared with a literal was fused already: fusedRead.)
          const kr = literalOf(node.right);
          if (kr !== NOT_LITERAL) return neg ? (rt) => l(rt) !== kr : (rt) => l(rt) === kr;
          const kl = literalOf(node.left);
          if (kl !== NOT_LITERAL) return neg ? (rt) => r(rt) !== kl : (rt) => r(rt) === kl;
          return neg ? (rt) => l(rt) !== r(rt) : (rt) => l(rt) === r(rt);
        }
        return neg ? (rt) => !equals(l(rt), r(rt), span, limits) : (rt) => equals(l(rt), r(rt), span, limits);
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const op = node.op;
        const k = literalOf(node.right);
        if (numeric && typeof k === 'number') return orderingWithNumber(op, l, k, span);
        if (numeric) {
          const cmp = NUMBER_ORDER[op];
          return (rt) => {
            const a = l(rt);
            const b = r(rt);
            return typeof a === 'number' && typeof b === 'number' ? cmp(a, b) : ordering(op, a, b, span);
          };
        }
        if (lk === 'string' && rk === 'string') {
          return (rt) => {
            const a = l(rt);
            const b = r(rt);
            if (a === null || b === null) return false;
            const c = compareStrings(a as string, b as string);
            return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
          };
        }
        return (rt) => ordering(op, l(rt), r(rt), span);
      }
      case 'in': {
        // `x in ['a', 'b']`: a list of string, finite-number and boolean literals is
        // held, not built on every evaluation, and x is in it exactly when it is
        // identical to an item (deep equality of anything with a primitive is
        // identity; null, which equals only null, is not among them). A literal
        // read was fused before this (fusedRead) and reads raw, as for `==`: the
        // gate turns only non-JSON values (absent, NaN, a function…) into null,
        // and none of those is an item.
        const items: readonly unknown[] | undefined = this.primitiveItems(node.right);
        if (items) return (rt) => items.includes(l(rt));
        return (rt) => membership(l(rt), r(rt), span, limits);
      }
      default: {
        const op = node.op;
        if (lk === 'number' && rk === 'number') return compileNumberOp(op, l, r, span, literalOf(node.left), literalOf(node.right));
        if (numeric) {
          const calc = NUMBER_ARITHMETIC[op];
          return (rt) => {
            const a = l(rt);
            const b = r(rt);
            if (typeof a === 'number' && typeof b === 'number' && b !== 0) {
              const z = calc(a, b);
              if (z - z === 0) return z;
            }
            return arithmetic(op, a, b, span, limits);
          };
        }
        return (rt) => arithmetic(op, l(rt), r(rt), span, limits);
      }
    }
  }

  /**
   * `a and b and c` (parsed as `(a and b) and c`) as one closure over its
   * terms: one call per term instead of one per level. Short-circuits in
   * order, like the nested form.
   */
  logical(node: Logical): Closure {
    const terms: Node[] = [];
    const pending: Node[] = [node];
    while (pending.length > 0) {
      const n = pending.pop()!;
      if (n.kind === 'logical' && n.op === node.op) pending.push(n.right, n.left);
      else terms.push(n);
    }
    const ts = terms.map((n) => this.test(n));
    if (node.op === 'and') {
      if (ts.length === 2) {
        const [a, b] = ts as [Test, Test];
        return (rt) => a(rt) && b(rt);
      }
      if (ts.length === 3) {
        const [a, b, c] = ts as [Test, Test, Test];
        return (rt) => a(rt) && b(rt) && c(rt);
      }
      return (rt) => {
        for (let i = 0; i < ts.length; i++) if (!ts[i]!(rt)) return false;
        return true;
      };
    }
    if (ts.length === 2) {
      const [a, b] = ts as [Test, Test];
      return (rt) => a(rt) || b(rt);
    }
    if (ts.length === 3) {
      const [a, b, c] = ts as [Test, Test, Test];
      return (rt) => a(rt) || b(rt) || c(rt);
    }
    return (rt) => {
      for (let i = 0; i < ts.length; i++) if (ts[i]!(rt)) return true;
      return false;
    };
  }

  call(node: Call): Closure {
    const resolved = this.calls[node.id];
    if (!resolved) throw new Fault(Codes.Internal, `call to ${node.name} was not checked`, node.span);
    const span = node.span;
    const decl = resolved.decl;
    let c: Closure;
    if (decl.compile) {
      const hook = new CompileHook(node, resolved, this.limits, this);
      c = decl.compile(hook) ?? hook.generic;
    } else {
      c = genericOf(resolved, this.args(node), span);
    }
    const t = this.typeOf(node);
    if (isRefined(resolved, t)) {
      const inner = c;
      return (rt) => checkRefined(inner(rt), t, span);
    }
    return c;
  }

  /** The closures of a call's arguments. */
  args(node: Call): Closure[] {
    return node.args.map((n) => this.gen(n));
  }

  gen(node: Node): Closure {
    switch (node.kind) {
      case 'string': {
        const v = heldString(node.value);
        return () => v;
      }
      case 'number':
      case 'boolean': {
        const v = node.value;
        return () => v;
      }
      case 'null':
        return () => null;
      case 'list': {
        const items = node.items.map((n) => this.gen(n));
        return (rt) => {
          const out: Value[] = new Array(items.length);
          for (let i = 0; i < items.length; i++) out[i] = items[i]!(rt);
          return out;
        };
      }
      case 'unary': {
        const span = node.span;
        if (node.op === '-') {
          const o = this.gen(node.operand);
          if (this.typeOf(node.operand).kind === 'number') {
            return (rt) => {
              const v = o(rt);
              return v === null ? null : -(v as number);
            };
          }
          return (rt) => negate(o(rt), span);
        }
        const t = this.test(node.operand);
        return (rt) => !t(rt);
      }
      case 'binary':
        return this.binary(node);
      case 'logical':
        return this.logical(node);
      case 'conditional': {
        const t = this.test(node.test);
        const a = this.gen(node.then);
        const b = this.gen(node.else);
        return (rt) => (t(rt) ? a(rt) : b(rt));
      }
      case 'call':
        return this.call(node);
      case 'error': {
        const span = node.span;
        return () => {
          throw new Fault(Codes.Internal, 'cannot evaluate an expression with syntax errors', span);
        };
      }
    }
  }
}
