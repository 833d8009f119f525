/**
 * What code generated per rule set would give on RS (issue 18), measured,
 * not shipped: the design a maintainers' decision would have to allow (it
 * turns the structure of what users write into JavaScript; the package
 * compiles to closures and never does). One function per rule set, made
 * from the conditions' syntax trees: every literal singular path the
 * conditions read is read once, as a tree, with the package's member step
 * written out at each read (own properties only, the prototype rules of
 * runtime/jsonpath/compile-singular.ts); the common shapes (`get(p) <op>
 * number`, `== / != literal`, `in [literals]`, `contains / starts_with /
 * ends_with(get(p), 'literal')`, `called('t')`, and `and`, `or`, `not` of
 * them) decided in place. Any other shape, and any value outside a shape's
 * plain case (a read that is not a finite number, a `$.tool_calls` list…),
 * makes the condition UNDECIDED and its compiled closures evaluate it, so
 * the count is the package's. Names and literals are written with
 * JSON.stringify; this is a bench prototype, not an audited code generator.
 * It reads `get`, `called` and the string tests as the builtins: with host
 * functions of those names (`options.functions`) its count could differ from
 * the compiled conditions'; the bench passes none.
 *
 * The function takes a context and returns how many conditions gave true,
 * as the bench's other rule-set loops count.
 */

const UNDECIDED = 2;
const ORDERING = new Set(['<', '<=', '>', '>=']);
const STRING_TESTS = new Map([
  ['contains', 'includes'],
  ['starts_with', 'startsWith'],
  ['ends_with', 'endsWith'],
]);

/** The member names of a literal singular path of names only (`$.a.b`), or undefined. */
function pathNames(core, node) {
  if (node?.kind !== 'call' || node.name !== 'get' || node.args.length !== 1 || node.args[0].kind !== 'string') return undefined;
  const r = core.tryCompilePath(node.args[0].value);
  if (!r.ok || !r.path.singular || r.path.segments.length === 0) return undefined;
  const names = [];
  for (const s of r.path.segments) {
    const sel = s.selectors[0];
    if (sel.kind !== 'name') return undefined;
    names.push(sel.name);
  }
  return names;
}

const literal = (n) => (n.kind === 'string' || n.kind === 'number' || n.kind === 'boolean' ? n.value : undefined);

/** Builds the rule set's function; `core` is @userfn/core, `sources` the conditions, `options` their compile options. */
export function ruleSetCode(core, sources, options) {
  const fallbacks = sources.map((s) => {
    const c = core.compile(s, options);
    return (ctx) => {
      try {
        return c.evaluate(ctx);
      } catch {
        return null;
      }
    };
  });
  const reads = new Map();
  const readLines = [];
  const read = (names) => {
    let parent = 'ctx';
    let id = '';
    for (const k of names) {
      id += `.${JSON.stringify(k)}`;
      let v = reads.get(id);
      if (v === undefined) {
        v = `r${reads.size}`;
        reads.set(id, v);
        const K = JSON.stringify(k);
        readLines.push(
          `const ${v} = typeof ${parent} !== 'object' || ${parent} === null ? undefined : ${K} in OP ? checked(${parent}, ${K}) : ('' in ${parent}, getProto(${parent}) === OP ? ${parent}[${K}] : checked(${parent}, ${K}));`,
        );
      }
      parent = v;
    }
    return parent;
  };
  let temps = 0;
  const gen = (n) => {
    if (n.kind === 'logical') {
      const t = `t${temps++}`;
      return n.op === 'and' ? `((${t} = ${gen(n.left)}) === true ? ${gen(n.right)} : ${t})` : `((${t} = ${gen(n.left)}) === false ? ${gen(n.right)} : ${t})`;
    }
    if (n.kind === 'unary' && n.op !== '-') {
      const t = `t${temps++}`;
      return `((${t} = ${gen(n.operand)}) === ${UNDECIDED} ? ${UNDECIDED} : !${t})`;
    }
    if (n.kind === 'binary') {
      if (ORDERING.has(n.op) && typeof literal(n.right) === 'number') {
        const names = pathNames(core, n.left);
        if (names) {
          const a = read(names);
          return `(typeof ${a} === 'number' && ${a} - ${a} === 0 ? ${a} ${n.op} ${JSON.stringify(literal(n.right))} : ${UNDECIDED})`;
        }
      }
      if ((n.op === '==' || n.op === '!=') && literal(n.right) !== undefined) {
        const names = pathNames(core, n.left);
        if (names) return `(${read(names)} ${n.op === '==' ? '===' : '!=='} ${JSON.stringify(literal(n.right))})`;
      }
      if (n.op === 'in' && n.right.kind === 'list' && n.right.items.every((i) => typeof literal(i) === 'string' || typeof literal(i) === 'boolean')) {
        const names = pathNames(core, n.left);
        if (names) {
          const a = read(names);
          return `(${n.right.items.map((i) => `${a} === ${JSON.stringify(literal(i))}`).join(' || ') || 'false'})`;
        }
      }
    }
    if (n.kind === 'call' && STRING_TESTS.has(n.name) && n.args.length === 2 && typeof literal(n.args[1]) === 'string') {
      const names = pathNames(core, n.args[0]);
      if (names) {
        const a = read(names);
        return `(typeof ${a} === 'string' ? ${a}.${STRING_TESTS.get(n.name)}(${JSON.stringify(literal(n.args[1]))}) : ${UNDECIDED})`;
      }
    }
    if (n.kind === 'call' && n.name === 'called' && n.args.length === 1 && typeof literal(n.args[0]) === 'string') {
      // `$.tool_calls` present: the package's own reading (lists, errors); else an own entry of a plain `$.tools`
      const calls = read(['tool_calls']);
      const tools = read(['tools']);
      return `(${calls} !== undefined ? ${UNDECIDED} : typeof ${tools} === 'object' && ${tools} !== null && getProto(${tools}) === OP ? hasOwn.call(${tools}, ${JSON.stringify(literal(n.args[0]))}) : ${UNDECIDED})`;
    }
    return `${UNDECIDED}`;
  };
  const conditions = sources.map((s, i) => {
    const { ast, diagnostics } = core.parse(s);
    if (!ast || diagnostics.some((d) => d.severity === 'error')) throw new Error(`condition ${i} does not parse: ${s}`);
    return `v = ${gen(ast)}; if (v === ${UNDECIDED}) v = F[${i}](ctx); if (v === true) k++;`;
  });
  const temporaries = Array.from({ length: temps }, (_, i) => `t${i}`);
  const body = `return (ctx) => {\n${readLines.join('\n')}\nlet k = 0, v${temporaries.map((t) => `, ${t}`).join('')};\n${conditions.join('\n')}\nreturn k;\n};`;
  const getProto = Object.getPrototypeOf;
  const hasOwn = Object.prototype.hasOwnProperty;
  const checked = (o, k) => {
    const p = getProto(o);
    if (p !== null && getProto(p) !== null) return undefined;
    return hasOwn.call(o, k) ? o[k] : undefined;
  };
  const fn = new Function('F', 'OP', 'getProto', 'checked', 'hasOwn', body)(fallbacks, Object.prototype, getProto, checked, hasOwn);
  return { fn, source: body, sourceCount: sources.length, decided: conditions.filter((c) => !c.startsWith(`v = ${UNDECIDED};`)).length };
}
