/**
 * What compile() could cost after the grammar: a measured bound for issue 18's
 * compile target (compile() within 2x of the lexer + grammar floor).
 *
 * `boundCompiler(m)` is a one-pass compiler over the grammar's records (the
 * CST of parser.ts), for the shapes of the bench's conditions: calls of
 * eager builtins (`get` with its literal path, `called`, `contains`, `min`…),
 * ==, !=, <, <=, >, >=, `in`, and, or, not, arithmetic, `?:`, literals,
 * lists of literals, brackets. It does the semantic work compile() does
 * for them, with the package's own pieces (the function table, arity and
 * argument fitting, each builtin's check hook, the path cache and schema
 * typing, the profile's result type, the runtime's operators, a runtime per
 * compiled expression, the options resolved once per options object, as a
 * host holds them), and nothing else: no syntax
 * tree, no numbering, no separate walks for limits, checking and closures, no
 * result object per stage. For anything outside those shapes, or anything
 * the checker would warn of or refuse, it gives undefined (the design would
 * fall back to the full pipeline). It keeps no syntax tree: a design built
 * on it would parse again for interpret(), explain() and references, which
 * is not measured here.
 *
 * It is a prototype in bench/ only, measured and tested
 * (compile-bound.test.mjs: same type and same values or error codes as
 * compile() on every source it takes), not shipped: shipped, it would be a
 * second checker and a second compiler for these shapes beside the ones the
 * language service, check() and the interpreter use.
 *
 * The shared-process bench measures it beside the floor and compile()
 * (`node --expose-gc src/shared-process.mjs --compile-bound`), in the same
 * module instance and the same interleaved rounds as its compile column.
 */
import { coreBuildFile } from './engines.mjs';

/** The package's pieces the bound uses, from the per-file build (where the lexer and grammar can be reached). */
export async function loadBoundModules() {
  const at = async (p) => import(coreBuildFile(p));
  return {
    core: await at('index.js'),
    ...(await at('language/syntax/token-stream.js')),
    ...(await at('language/syntax/parser.js')),
    ...(await at('language/syntax/operators.js')),
    tokens: await at('language/syntax/tokens.js'),
    ...(await at('runtime/builtins/define.js')),
    ...(await at('runtime/builtins/dispatch.js')),
    ...(await at('runtime/builtins/host.js')),
    ...(await at('runtime/core/operators.js')),
    ...(await at('runtime/core/runtime.js')),
    ...(await at('runtime/core/context-values.js')),
    ...(await at('common/types/type.js')),
    ...(await at('common/profiles/profiles.js')),
    ...(await at('common/limits.js')),
    ...(await at('api/clock.js')),
  };
}

/** The options a host holds, resolved once per options object (compile() resolves them at every call). */
function heldOptionsOf(m) {
  const held = new WeakMap();
  return (o) => {
    let h = held.get(o);
    if (h === undefined) {
      const profile = o.profile ?? 'verification';
      if (!m.isProfileName(profile)) return undefined;
      h = {
        profile,
        result: m.PROFILES[profile].result,
        schema: o.contextSchema ?? m.PROFILES[profile].schema,
        functions: m.functionTable(o.functions),
        limits: m.resolveLimits(o.limits),
        nowMs: m.clockMs(o.now),
      };
      held.set(o, h);
    }
    return h;
  };
}

/** Thrown inside a compile to give up on a source (a shape not covered, or something the checker would report). */
const NOT_COVERED = Symbol('not covered');
const giveUp = () => {
  throw NOT_COVERED;
};

/** `(source, options) => BoundCompiled | undefined`. */
export function boundCompiler(m) {
  const heldOptions = heldOptionsOf(m);
  const T = m.T;
  const tk = m.tokens;
  /** The infix operators the bound takes, by token type: the spelling the checker does not warn of. */
  const INFIX = new Map([
    [tk.Or, 'or'],
    [tk.And, 'and'],
    [tk.Equal, '=='],
    [tk.NotEqual, '!='],
    [tk.Less, '<'],
    [tk.LessEqual, '<='],
    [tk.Greater, '>'],
    [tk.GreaterEqual, '>='],
    [tk.In, 'in'],
    [tk.Plus, '+'],
    [tk.Minus, '-'],
    [tk.Star, '*'],
    [tk.Slash, '/'],
    [tk.Percent, '%'],
  ]);
  const end = (token) => token.startOffset + token.image.length;
  const isCondition = (t) => t.kind === 'boolean' || t.kind === 'null' || m.isOpen(t);

  /** The check hook's view of one call: what `get`, `called`, `contains`… read of it. */
  class Hook {
    constructor(args, argTypes, h) {
      this.call = { args };
      this.argTypes = argTypes;
      this.schema = h.schema;
      this.profile = h.profile;
      this.data = undefined;
    }
    report() {
      giveUp();
    }
    literal(i) {
      const a = this.call.args[i];
      return a?.kind === 'string' ? a.value : undefined;
    }
    literalSpan() {
      giveUp();
    }
    setData(d) {
      this.data = d;
    }
  }

  /** One compile: a walk of the records that types and makes closures as it goes. */
  class Pass {
    constructor(h) {
      this.h = h;
      this.limits = h.limits;
    }

    /** An expression's flat sequence of operators and operands, by precedence climbing. */
    expression(cst) {
      const items = cst.items;
      if (items.length === 0) giveUp();
      this.items = items;
      this.i = 0;
      const r = this.climb(1);
      if (this.i !== items.length) giveUp();
      return r;
    }

    climb(min) {
      const items = this.items;
      const first = items[this.i++];
      if (first === undefined) giveUp();
      let left;
      if (first.token !== undefined) {
        if (first.token.tokenType !== m.tokens.Not) giveUp();
        const operand = this.climb(m.Prec.Not);
        if (!isCondition(operand.type)) giveUp();
        const c = operand.closure;
        const span = { start: first.token.startOffset, end: operand.span.end };
        left = { type: T.boolean, span, closure: (rt) => !m.condition(c(rt), span) };
      } else {
        left = this.operand(first.operand);
      }
      let chained = 0;
      for (;;) {
        const next = items[this.i];
        if (next === undefined) return left;
        if (next.token === undefined) giveUp();
        const type = next.token.tokenType;
        // a `:` ends the branch of the `?` that climbs to it
        if (type === tk.Colon) return left;
        if (type === tk.Question) {
          if (m.Prec.Ternary < min) return left;
          this.i++;
          const then = this.climb(m.Prec.Ternary);
          if (items[this.i]?.token?.tokenType !== tk.Colon) giveUp();
          this.i++;
          // right to left: `a ? b : c ? d : e`
          left = this.conditional(left, then, this.climb(m.Prec.Ternary));
          continue;
        }
        const op = INFIX.get(type);
        if (op === undefined) giveUp();
        const prec = m.infixPrec(op);
        if (prec < min) return left;
        // `a == b == c`, `a < b < c`: an error the bound leaves to the checker
        if (prec === chained && m.isNonAssociative(prec)) giveUp();
        chained = prec;
        this.i++;
        left = this.infix(op, left, this.climb(prec + 1));
      }
    }

    conditional(test, then, otherwise) {
      if (!isCondition(test.type)) giveUp();
      const t = test.closure;
      const a = then.closure;
      const b = otherwise.closure;
      const ts = test.span;
      const span = { start: test.span.start, end: otherwise.span.end };
      return { type: m.join(then.type, otherwise.type), span, closure: (rt) => (m.condition(t(rt), ts) ? a(rt) : b(rt)) };
    }

    infix(op, left, right) {
      const span = { start: left.span.start, end: right.span.end };
      const l = left.closure;
      const r = right.closure;
      const lt = left.type;
      const rt_ = right.type;
      const limits = this.limits;
      switch (op) {
        case 'and':
        case 'or': {
          if (!isCondition(lt) || !isCondition(rt_)) giveUp();
          const ls = left.span;
          const rs = right.span;
          const closure = op === 'and' ? (rt) => m.condition(l(rt), ls) && m.condition(r(rt), rs) : (rt) => m.condition(l(rt), ls) || m.condition(r(rt), rs);
          return { type: T.boolean, span, closure };
        }
        case '==':
        case '!=': {
          if (!m.canBeEqual(lt, rt_)) giveUp();
          const closure = op === '==' ? (rt) => m.equals(l(rt), r(rt), span, limits) : (rt) => !m.equals(l(rt), r(rt), span, limits);
          return { type: T.boolean, span, closure };
        }
        case 'in': {
          if (!m.isOpen(lt) && !m.isOpen(rt_) && rt_.kind !== 'null' && rt_.kind !== 'list') {
            if ((rt_.kind !== 'string' && rt_.kind !== 'object') || (lt.kind !== 'string' && lt.kind !== 'null')) giveUp();
          }
          return { type: T.boolean, span, closure: (rt) => m.membership(l(rt), r(rt), span, limits) };
        }
        case '<':
        case '<=':
        case '>':
        case '>=': {
          if (lt.kind !== 'null' && rt_.kind !== 'null' && !m.isOpen(lt) && !m.isOpen(rt_) && (lt.kind !== rt_.kind || !m.isOrderable(lt.kind))) giveUp();
          return { type: T.boolean, span, closure: (rt) => m.ordering(op, l(rt), r(rt), span) };
        }
        default: {
          // a boolean in arithmetic is a warning, an error type comes from an error: both left to the checker
          if (lt.kind === 'boolean' || rt_.kind === 'boolean' || lt.kind === 'error' || rt_.kind === 'error') giveUp();
          let type;
          if (lt.kind === 'null' || rt_.kind === 'null') type = T.null;
          else if (lt.kind === 'dyn' || rt_.kind === 'dyn') type = T.dyn;
          else {
            const kind = m.arithmeticResult(op, lt.kind, rt_.kind);
            if (kind === undefined) giveUp();
            type = T[kind];
          }
          return { type, span, closure: (rt) => m.arithmetic(op, l(rt), r(rt), span, limits) };
        }
      }
    }

    operand(cst) {
      if (cst.postfixes.length > 0) giveUp();
      const base = cst.base;
      switch (base.kind) {
        case 'literal':
          return this.literal(base.head);
        case 'paren': {
          if (base.close === undefined) giveUp();
          const saved = [this.items, this.i];
          const inner = this.expression(base.inner);
          [this.items, this.i] = saved;
          return { type: inner.type, span: inner.span, closure: inner.closure };
        }
        case 'list':
          return this.list(base);
        case 'name':
          return this.call(base);
        default:
          return giveUp();
      }
    }

    literal(token) {
      const span = { start: token.startOffset, end: end(token) };
      const type = token.tokenType;
      let value;
      let t;
      if (type === tk.NumberLit) {
        value = Number(token.image);
        t = T.number;
      } else if (type === tk.StringLit) {
        value = m.stringValue(token);
        t = T.string;
      } else if (type === tk.True || type === tk.False) {
        value = type === tk.True;
        t = T.boolean;
      } else if (type === tk.Null) {
        value = null;
        t = T.null;
      } else giveUp();
      return { type: t, span, value, kind: t.kind, closure: () => value };
    }

    list(cst) {
      if (cst.close === undefined || cst.commas.length !== cst.items.length - 1) giveUp();
      // `[]` is one empty item
      const items = cst.items.length === 1 && cst.items[0].items.length === 0 ? [] : cst.items;
      const values = [];
      let elem = T.null;
      for (const item of items) {
        if (item.items.length !== 1 || item.items[0].operand === undefined || item.items[0].operand.base.kind !== 'literal') giveUp();
        const lit = this.literal(item.items[0].operand.base.head);
        values.push(lit.value);
        elem = elem.kind === 'null' && lit.type.kind !== 'null' ? lit.type : m.join(elem, lit.type);
      }
      const type = items.length === 0 ? T.list(T.dyn) : T.list(elem);
      const span = { start: cst.head.startOffset, end: end(cst.close) };
      return { type, span, closure: () => values.slice() };
    }

    call(cst) {
      const h = this.h;
      const args = cst.args;
      if (args === undefined || args.close === undefined) giveUp();
      const decl = h.functions.get(cst.head.image);
      if (decl === undefined || decl.lazy || (decl.profiles && !decl.profiles.includes(h.profile))) giveUp();
      const n = args.items.length === 1 && args.items[0].items.length === 0 ? 0 : args.items.length;
      const argValues = new Array(n);
      const argTypes = new Array(n);
      const saved = [this.items, this.i];
      for (let i = 0; i < n; i++) {
        argValues[i] = this.expression(args.items[i]);
        argTypes[i] = argValues[i].type;
      }
      [this.items, this.i] = saved;
      const candidates = [];
      for (const o of decl.overloads) {
        if (!m.acceptsArity(o, n)) continue;
        let fits = true;
        for (let i = 0; i < n; i++) if (!m.isAssignable(argTypes[i], m.paramType(o, i))) fits = false;
        if (fits) candidates.push(o);
      }
      if (candidates.length === 0) giveUp();
      let type = candidates[0].returns;
      for (let i = 1; i < candidates.length; i++) type = m.join(type, candidates[i].returns);
      let data;
      if (decl.check) {
        const hook = new Hook(argValues, argTypes, h);
        const refined = decl.check(hook);
        data = hook.data;
        if (refined) type = refined;
      }
      const resolved = m.resolvedCall(decl, candidates, data);
      const span = { start: cst.head.startOffset, end: end(args.close) };
      const reader = decl.contextReader?.(data, n);
      let closure;
      if (reader !== undefined) closure = (rt) => m.fromContext(reader(rt.ctx));
      else {
        const a = argValues.map((x) => x.closure);
        closure =
          n === 1
            ? (rt) => m.invoke(resolved, [a[0](rt)], rt, span)
            : n === 2
              ? (rt) => m.invoke(resolved, [a[0](rt), a[1](rt)], rt, span)
              : (rt) =>
                  m.invoke(
                    resolved,
                    a.map((f) => f(rt)),
                    rt,
                    span,
                  );
      }
      // a result the schema refines to a primitive is checked when it is read, as compile() does
      if (m.isRefined(resolved, type)) {
        const inner = closure;
        closure = (rt) => m.checkRefined(inner(rt), type, span);
      }
      return { type, span, closure };
    }
  }

  /** What the bound gives: what a compiled expression holds, with evaluate() as compile()'s (one runtime, reused). */
  class BoundCompiled {
    constructor(source, h, type, root) {
      this.source = source;
      this.profile = h.profile;
      this.type = m.typeToString(type);
      this.diagnostics = NO_DIAGNOSTICS;
      this.limits = h.limits;
      this.root = root;
      this.shared = new m.Runtime(undefined, h.limits, h.nowMs);
    }
    evaluate(context) {
      const rt = this.shared;
      rt.ctx = context;
      try {
        return this.root(rt);
      } finally {
        rt.release();
      }
    }
  }
  const NO_DIAGNOSTICS = Object.freeze([]);

  return (source, options) => {
    const h = heldOptions(options);
    if (h === undefined || source.length > h.limits.maxSourceLength) return undefined;
    const lexed = m.lex(source);
    const tokens = lexed.significant;
    // the limits' token scan, skipped by compile() too below this size
    if (lexed.diagnostics.length > 0 || tokens.length === 0 || tokens.length > Math.min(h.limits.maxDepth, 200, h.limits.maxNodes)) return undefined;
    const { program, errors } = m.parseTokens(tokens);
    if (errors.length > 0 || program.strays.length > 0) return undefined;
    try {
      const r = new Pass(h).expression(program.expressions[0]);
      const expected = h.result;
      if (expected.kind !== 'dyn' && (m.isOpen(r.type) || (r.type.kind !== 'null' && r.type.kind !== expected.kind))) return undefined;
      return new BoundCompiled(source, h, r.type, r.closure);
    } catch (e) {
      if (e === NOT_COVERED) return undefined;
      throw e;
    }
  };
}
