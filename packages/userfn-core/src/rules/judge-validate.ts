import type { Span } from '../common/diagnostics/span.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { tryCompilePath } from '../runtime/jsonpath/compile-path.js';
import { RuleSetCodes } from './codes.js';
import { describeLocated, type Located } from './located.js';
import type { JudgeSpec } from './types.js';
import { didYouMean, fields, head, type Report } from './validate-fields.js';

/** The fields of a rule's `judge` object (`prompt` is required). */
export const JUDGE_FIELDS: readonly string[] = ['prompt', 'include', 'threshold', 'samples'];

/**
 * The named parts of a verification context a judge can be shown
 * (`include`); anything else must be a JSONPath starting with `$`.
 */
export const JUDGE_PARTS: Readonly<Record<string, string>> = {
  output: '$.output',
  task: '$.task',
  tool_calls: '$.tool_calls',
  tools: '$.tools',
};

/** The most samples a judge rule may ask for: each is one more request per session. */
export const MAX_JUDGE_SAMPLES = 9;

/** A judge object as validated: its spec when every field is usable, and where it stands (for editors). */
export interface JudgeNode {
  readonly spec?: JudgeSpec;
  readonly span?: Span;
  readonly fields: readonly string[];
}

/**
 * Validates a rule's `judge` object, reporting every problem through `r`:
 * a non-empty `prompt`; `include` a non-empty list of distinct part names or
 * JSONPaths that compile; `threshold` a number from 0 to 1; `samples` an
 * integer from 1 to 9.
 */
export function validateJudge(node: Located, r: Report): JudgeNode {
  if (node.kind !== 'object') {
    r(RuleSetCodes.WrongType, `'judge' must be an object with a 'prompt', not ${describeLocated(node)}`, node.span);
    return { ...(node.span ? { span: node.span } : {}), fields: [] };
  }
  let ok = true;
  const bad: Report = (code, message, span, extra) => {
    ok = false;
    r(code, message, span, extra);
  };
  const f = fields(node, JUDGE_FIELDS, "in 'judge'", bad);
  const where = { ...(node.span ? { span: node.span } : {}), fields: node.entries.map((e) => e.key) };

  let prompt: string | undefined;
  const p = f.get('prompt');
  if (!p) {
    if (!node.incomplete) bad(RuleSetCodes.MissingField, "'judge' has no 'prompt' (the criterion the judge applies)", head(node.span));
  } else if (p.kind !== 'scalar' || typeof p.value !== 'string')
    bad(RuleSetCodes.WrongType, `'judge.prompt' must be a string, not ${describeLocated(p)}`, p.span);
  else if (p.value.trim() === '') bad(RuleSetCodes.EmptyValue, "'judge.prompt' is empty", p.span);
  else prompt = p.value;

  const include = validateInclude(f.get('include'), bad);

  let threshold: number | undefined;
  const t = f.get('threshold');
  if (t) {
    if (t.kind === 'scalar' && typeof t.value === 'number' && t.value >= 0 && t.value <= 1) threshold = t.value;
    else
      bad(
        RuleSetCodes.InvalidJudge,
        `'judge.threshold' must be a number from 0 to 1, not ${t.kind === 'scalar' && typeof t.value === 'number' ? t.value : describeLocated(t)}`,
        t.span,
      );
  }

  let samples = 1;
  const s = f.get('samples');
  if (s) {
    if (s.kind === 'scalar' && typeof s.value === 'number' && Number.isInteger(s.value) && s.value >= 1 && s.value <= MAX_JUDGE_SAMPLES) samples = s.value;
    else
      bad(
        RuleSetCodes.InvalidJudge,
        `'judge.samples' must be a whole number from 1 to ${MAX_JUDGE_SAMPLES}, not ${s.kind === 'scalar' && typeof s.value === 'number' ? s.value : describeLocated(s)}`,
        s.span,
        { hint: 'an odd number gives a clear majority' },
      );
  }

  if (!ok || prompt === undefined || include === undefined) return where;
  return { ...where, spec: { prompt, include, ...(threshold !== undefined ? { threshold } : {}), samples } };
}

/** `include`: absent means the output alone; else a list of known part names and JSONPaths, each once. */
function validateInclude(node: Located | undefined, bad: Report): readonly string[] | undefined {
  if (!node) return ['output'];
  if (node.kind !== 'array') {
    bad(
      RuleSetCodes.WrongType,
      `'judge.include' must be a list of parts (${Object.keys(JUDGE_PARTS).join(', ')} or a JSONPath), not ${describeLocated(node)}`,
      node.span,
    );
    return undefined;
  }
  if (node.items.length === 0) {
    if (!node.incomplete) bad(RuleSetCodes.EmptyValue, "'judge.include' is empty (leave it out to judge the output)", node.span);
    return undefined;
  }
  const out: string[] = [];
  let ok = true;
  for (const item of node.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') {
      bad(RuleSetCodes.WrongType, `each 'judge.include' entry must be a string, not ${describeLocated(item)}`, item.span);
      ok = false;
      continue;
    }
    const name = item.value;
    if (out.includes(name)) {
      bad(RuleSetCodes.InvalidJudge, `'${name}' is listed twice in 'judge.include'`, item.span);
      ok = false;
    } else if (name.startsWith('$')) {
      const compiled = tryCompilePath(name);
      if (!compiled.ok) {
        bad(RuleSetCodes.InvalidJudge, `'judge.include' entry ${JSON.stringify(name)} is not a valid JSONPath: ${compiled.error.message}`, item.span);
        ok = false;
      } else out.push(name);
    } else if (Object.hasOwn(JUDGE_PARTS, name)) out.push(name);
    else {
      const known = Object.keys(JUDGE_PARTS);
      bad(RuleSetCodes.InvalidJudge, `unknown part '${name}' in 'judge.include'`, item.span, {
        ...didYouMean(suggest(name, known)),
        ...(suggest(name, known) === undefined ? { hint: `the parts are ${known.join(', ')}, or a JSONPath such as $.output.answer` } : {}),
      });
      ok = false;
    }
  }
  return ok ? out : undefined;
}
