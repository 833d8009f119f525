/**
 * What compile() could cost after the grammar with a one-pass front end: a
 * measured bound for issue 18's compile target (compile() within 2x of the
 * lexer + grammar floor).
 *
 * `boundCompiler(m)` reads the grammar's records (the CST of parser.ts) once
 * and, as it goes, builds the syntax tree (the package's own node
 * constructors, ids as the nodes are made), types each node and resolves
 * each call into the side tables the checker fills: one pass where compile()
 * runs the CST -> AST conversion, numbers the tree, and walks it again to
 * check it. It then hands the checked tree to the package's own closure
 * compiler and Compiled object (createCompiled), so what it gives is what
 * compile() gives, closures, interpret(), explain() and references included.
 *
 * It takes the shapes of the bench's workloads and contract: calls of eager
 * builtins (`get` with its literal path, `called`, `contains`, `min`…), ==,
 * !=, <, <=, >, >=, `in`, and, or, not, arithmetic, `?:`, literals, lists of
 * literals, brackets. Its typing is the checker's for those shapes, with the
 * package's own pieces: the function table, arity and argument fitting, each
 * builtin's check hook (on the real call node), the path cache and the
 * schema's types, the profile's result type; the options are checked and
 * resolved at every call, as compile() does. For any other shape, and
 * anything the checker reports (a warning included), it gives undefined: the
 * design would fall back to the full pipeline.
 *
 * A prototype in bench/ only, tested (compile-bound.test.mjs: on the sources
 * it is tested with, the same tree, type, diagnostics and values or error
 * codes as compile()), not shipped: shipped, its typing would be a second
 * checker for these shapes beside the one the language service, check() and
 * the full pipeline use.
 *
 * The shared-process bench times it beside the floor and compile()
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
    ...(await at('language/syntax/ast-builder.js')),
    tokens: await at('language/syntax/tokens.js'),
    ...(await at('runtime/builtins/define.js')),
    ...(await at('runtime/core/operators.js')),
    ...(await at('common/types/type.js')),
    ...(await at('common/profiles/profiles.js')),
    ...(await at('common/limits.js')),
    ...(await at('api/clock.js')),
    ...(await at('api/check-options.js')),
    ...(await at('api/compiled.js')),
  };
}

/** Thrown inside a compile to give up on a source (a shape not covered, or something the checker would report). */
const NOT_COVERED = Symbol('not covered');
const giveUp = () => {
  throw NOT_COVERED;
};

/** `(source, options) => Compiled | undefined`. */
export function boundCompiler(m) {
  const T = m.T;
  const tk = m.tokens;
  /** The infix operators the bound takes, by token type: the spellings the checker does not warn of. */
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
  const spanOf = (token) => ({ start: token.startOffset, end: end(token) });
  const isCondition = (t) => t.kind === 'boolean' || t.kind === 'null' || m.isOpen(t);

  /** The check hook's view of one call, as the checker's: the call node, its argument types. */
  class Hook {
    constructor(call, argTypes, options) {
      this.call = call;
      this.argTypes = argTypes;
      this.schema = options.schema;
      this.profile = options.profile;
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
      return giveUp();
    }
    setData(d) {
      this.data = d;
    }
  }

  /**
   * One compile: a walk of the records that builds and types the tree as it
   * goes. Each step gives `{ node, type, extent }`: `extent` also covers the
   * brackets around the node, as the tree's parents' spans do.
   */
  class Pass {
    constructor(options) {
      this.options = options;
      this.types = [];
      this.calls = [];
      this.next = 0;
      /** The sequence being climbed and the place in it (expression() saves and restores them around a nested one). */
      this.items = undefined;
      this.i = 0;
    }

    /** Records a node made: its id (creation order; the compiler only indexes the tables by it) and its type. */
    made(node, type, extent) {
      node.id = this.next++;
      this.types[node.id] = type;
      return { node, type, extent };
    }

    /** An expression's flat sequence of operators and operands, by precedence climbing. */
    expression(cst) {
      const saved = this.items;
      const savedAt = this.i;
      this.items = cst.items;
      this.i = 0;
      if (this.items.length === 0) giveUp();
      const r = this.climb(1);
      if (this.i !== this.items.length) giveUp();
      this.items = saved;
      this.i = savedAt;
      return r;
    }

    climb(min) {
      const items = this.items;
      const first = items[this.i++];
      if (first === undefined) giveUp();
      let left;
      if (first.token !== undefined) {
        // `not` binds loosely (SQL style); right after a tighter operator (`a == not b`) it is an error
        if (first.token.tokenType !== tk.Not || min > m.Prec.Not) giveUp();
        const operand = this.climb(m.Prec.Not);
        if (!isCondition(operand.type)) giveUp();
        const span = { start: first.token.startOffset, end: operand.extent.end };
        left = this.made(m.unaryNode(span, 'not', operand.node), T.boolean, span);
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
        left = this.infix(op, left, this.climb(prec + 1), spanOf(next.token));
      }
    }

    conditional(test, then, otherwise) {
      if (!isCondition(test.type)) giveUp();
      const span = { start: test.extent.start, end: otherwise.extent.end };
      return this.made(m.conditionalNode(span, 'ternary', test.node, then.node, otherwise.node), m.join(then.type, otherwise.type), span);
    }

    infix(op, left, right, opSpan) {
      const span = { start: left.extent.start, end: right.extent.end };
      const node = m.infixNode(span, op, left.node, right.node, opSpan);
      const lt = left.type;
      const rt = right.type;
      switch (op) {
        case 'and':
        case 'or':
          if (!isCondition(lt) || !isCondition(rt)) giveUp();
          return this.made(node, T.boolean, span);
        case '==':
        case '!=':
          if (!m.canBeEqual(lt, rt)) giveUp();
          return this.made(node, T.boolean, span);
        case 'in':
          if (!m.isOpen(lt) && !m.isOpen(rt) && rt.kind !== 'null' && rt.kind !== 'list') {
            if ((rt.kind !== 'string' && rt.kind !== 'object') || (lt.kind !== 'string' && lt.kind !== 'null')) giveUp();
          }
          return this.made(node, T.boolean, span);
        case '<':
        case '<=':
        case '>':
        case '>=':
          if (lt.kind !== 'null' && rt.kind !== 'null' && !m.isOpen(lt) && !m.isOpen(rt) && (lt.kind !== rt.kind || !m.isOrderable(lt.kind))) giveUp();
          return this.made(node, T.boolean, span);
        default: {
          // a boolean in arithmetic is a warning, an error type comes from an error: both left to the checker
          if (lt.kind === 'boolean' || rt.kind === 'boolean' || lt.kind === 'error' || rt.kind === 'error') giveUp();
          let type;
          if (lt.kind === 'null' || rt.kind === 'null') type = T.null;
          else if (lt.kind === 'dyn' || rt.kind === 'dyn') type = T.dyn;
          else {
            const kind = m.arithmeticResult(op, lt.kind, rt.kind);
            if (kind === undefined) giveUp();
            type = T[kind];
          }
          return this.made(node, type, span);
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
          const inner = this.expression(base.inner);
          // the tree has no node for brackets: the same node, a wider extent
          return { node: inner.node, type: inner.type, extent: { start: base.head.startOffset, end: end(base.close) } };
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
      const span = spanOf(token);
      const type = token.tokenType;
      if (type === tk.NumberLit) return this.made(m.numberNode(span, Number(token.image), token.image), T.number, span);
      if (type === tk.StringLit) return this.made(m.stringNode(span, m.stringValue(token)), T.string, span);
      if (type === tk.True || type === tk.False) return this.made(m.booleanNode(span, type === tk.True), T.boolean, span);
      if (type === tk.Null) return this.made(m.nullNode(span), T.null, span);
      return giveUp();
    }

    list(cst) {
      if (cst.close === undefined || cst.commas.length !== cst.items.length - 1) giveUp();
      // `[]` is one empty item
      const records = cst.items.length === 1 && cst.items[0].items.length === 0 ? [] : cst.items;
      const items = new Array(records.length);
      let elem = T.null;
      for (let k = 0; k < records.length; k++) {
        const r = records[k].items;
        if (r.length !== 1 || r[0].operand === undefined || r[0].operand.base.kind !== 'literal' || r[0].operand.postfixes.length > 0) giveUp();
        const lit = this.literal(r[0].operand.base.head);
        items[k] = lit.node;
        elem = elem.kind === 'null' && lit.type.kind !== 'null' ? lit.type : m.join(elem, lit.type);
      }
      const span = { start: cst.head.startOffset, end: end(cst.close) };
      return this.made(m.listNode(span, items), items.length === 0 ? T.list(T.dyn) : T.list(elem), span);
    }

    call(cst) {
      const options = this.options;
      const args = cst.args;
      if (args === undefined || args.close === undefined || args.commas.length !== args.items.length - 1) giveUp();
      const decl = options.functions.get(cst.head.image);
      if (decl === undefined || decl.lazy || (decl.profiles && !decl.profiles.includes(options.profile))) giveUp();
      const n = args.items.length === 1 && args.items[0].items.length === 0 ? 0 : args.items.length;
      const argNodes = new Array(n);
      const argTypes = new Array(n);
      for (let i = 0; i < n; i++) {
        const a = this.expression(args.items[i]);
        argNodes[i] = a.node;
        argTypes[i] = a.type;
      }
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
      const span = { start: cst.head.startOffset, end: end(args.close) };
      const node = m.callNode(span, cst.head.image, spanOf(cst.head), argNodes);
      let data;
      if (decl.check) {
        const hook = new Hook(node, argTypes, options);
        const refined = decl.check(hook);
        data = hook.data;
        if (refined) type = refined;
      }
      const r = this.made(node, type, span);
      this.calls[node.id] = m.resolvedCall(decl, candidates, data);
      return r;
    }
  }

  return (source, options = {}) => {
    let checkerOptions;
    let limits;
    let nowMs;
    // the options as compile() takes them, checked at every call: malformed ones are compile()'s to report
    try {
      checkerOptions = m.checkerOptionsFor(source, options);
      limits = m.resolveLimits(options.limits);
      nowMs = m.clockMs(options.now);
    } catch {
      return undefined;
    }
    if (source.length > limits.maxSourceLength) return undefined;
    const lexed = m.lex(source);
    const tokens = lexed.significant;
    // the limits' token scan, skipped by compile() too below this size
    if (lexed.diagnostics.length > 0 || tokens.length === 0 || tokens.length > Math.min(limits.maxDepth, 200, limits.maxNodes)) return undefined;
    const { program, errors } = m.parseTokens(tokens);
    if (errors.length > 0 || program.strays.length > 0) return undefined;
    const pass = new Pass(checkerOptions);
    let root;
    try {
      root = pass.expression(program.expressions[0]);
    } catch (e) {
      if (e === NOT_COVERED) return undefined;
      throw e;
    }
    const expected = m.PROFILES[checkerOptions.profile].result;
    if (expected.kind !== 'dyn' && !m.isOpen(root.type) && root.type.kind !== 'null' && root.type.kind !== expected.kind) return undefined;
    const checked = { ast: root.node, type: root.type, types: pass.types, calls: pass.calls, diagnostics: [] };
    return m.createCompiled(source, checkerOptions.profile, checked, limits, [], nowMs);
  };
}
