import { compile } from '../../api/api.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { LineIndex } from '../../common/diagnostics/line-index.js';
import { UserFnError } from '../../common/diagnostics/user-fn-error.js';
import type { ExplainNode } from '../../language/explain/explain.js';
import { DEFAULT_LIMITS } from '../../common/limits.js';
import { typeName } from '../../common/values/values.js';
import { parseCommandArgs, profileArg } from './args.js';
import { readJson, UsageError, type Io } from './io.js';
import { renderError } from './render.js';

export const EVAL_HELP = `Usage: userfn eval <expression> [options]

Evaluates one expression against a JSON context and prints the value as JSON.

Options:
  --context <file|->   the context JSON (a file, or - for standard input); default {}
  --profile <p>        verification (default), transition, reranker or any
  --now <iso>          fix the clock, e.g. 2026-11-21T12:00:00Z
  --json               print {"value": ..., "type": "..."} or {"error": {...}}
  --explain            also print why the result is what it is (every sub-expression's value)
  -h, --help           this help

Exit codes: 0 success, 1 a UserFn error, 2 bad usage or unreadable input.
`;

/** `userfn eval`: returns the exit code. */
export function runEval(argv: string[], io: Io): number {
  const { values, positionals } = parseCommandArgs(
    'eval',
    argv,
    {
      context: { type: 'string' },
      profile: { type: 'string' },
      now: { type: 'string' },
      json: { type: 'boolean' },
      explain: { type: 'boolean' },
    },
    EVAL_HELP,
  );
  if (values.help) {
    io.out(EVAL_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`userfn eval takes one expression (got ${positionals.length}); see userfn eval --help`);
  const source = positionals[0]!;
  const profile = profileArg(values.profile, 'verification');
  const context = values.context === undefined ? {} : readJson(values.context as string, 'context');
  const now = values.now as string | undefined;
  try {
    const compiled = compile(source, { profile, ...(now !== undefined ? { now } : {}) });
    if (values.explain) {
      const ex = compiled.explain(context);
      printable([ex.value, ...treeValues(ex.tree)], source);
      if (values.json) io.out(`${JSON.stringify(ex)}\n`);
      else io.out(`${ex.error ? `error: ${ex.error.message}` : JSON.stringify(ex.value)}\n${ex.reason ? `${ex.reason}\n` : ''}${ex.text}\n`);
      return ex.error ? 1 : 0;
    }
    const value = printable([compiled.evaluate(context)], source)[0]!;
    io.out(values.json ? `${JSON.stringify({ value, type: typeName(value) })}\n` : `${JSON.stringify(value)}\n`);
    for (const w of compiled.diagnostics) if (!values.json) io.err(`warning[${w.code}] ${w.message}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof UserFnError)) throw e;
    if (values.json) {
      const { span: _span, ...error } = e.toJSON();
      io.out(`${JSON.stringify({ error })}\n`);
    } else io.err(`${renderError(source, e)}\n`);
    return 1;
  }
}

/**
 * The values, once each is known to be at most maxContextDepth levels deep.
 * JSON.stringify recurses, so a deeper value (a deep context read whole, as in
 * get('$.x')) would overflow the stack while printing: it is refused as UF4006
 * instead, the limit to_string applies to the same value.
 */
function printable<T>(values: T[], source: string): T[] {
  const max = DEFAULT_LIMITS.maxContextDepth;
  const stack: Array<[unknown, number]> = values.map((v) => [v, 0]);
  while (stack.length > 0) {
    const [x, depth] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (depth >= max) {
      throw new UserFnError(
        Codes.ContextTooDeep,
        `the result is nested deeper than ${max} levels: too deep to print`,
        new LineIndex(source).locate({ start: 0, end: source.length }),
      );
    }
    for (const c of Array.isArray(x) ? x : Object.values(x)) stack.push([c, depth + 1]);
  }
  return values;
}

/** Every value in an explanation tree (walked without recursion: the tree is as deep as the expression). */
function treeValues(tree: ExplainNode): unknown[] {
  const out: unknown[] = [];
  const stack = [tree];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ('value' in n) out.push(n.value);
    stack.push(...n.children);
  }
  return out;
}
