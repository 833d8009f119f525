import { parse as parseYaml } from 'yaml';
import { LineIndex } from '../common/diagnostics/line-index.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { parseJsonLocated } from './json-located.js';
import { describeLocated, type Located, type LocatedObject } from './located.js';
import { parseYamlLocated } from './yaml-located.js';
import type { FilePosition, JudgeVerdictInput } from './types.js';

/** How a case's input is read: a verification context, or a NeMo Gym rollout mapped to one. */
export type CaseFormat = 'sessions' | 'nemo-gym';

/** What a verification decides for the agent (see `verify`). */
export type CaseDecision = 'accept' | 'retry' | 'abort';

/** One case of a cases file: an input and what verifying it must give. Absent expectations are not checked. */
export interface RuleSetCase {
  /** The case's `title`, else `case #n`. */
  readonly title: string;
  /** 0-based position in the file's `cases` list. */
  readonly index: number;
  /** Where the case starts in the file. */
  readonly file?: FilePosition;
  readonly format: CaseFormat;
  /** The verification context, or (format `nemo-gym`) the rollout. */
  readonly input: unknown;
  /** The clock of the verification (the case's `now`, else the file's). */
  readonly now?: string;
  /** The attempt number the verification is told (the case's `attempt`, default 1). */
  readonly attempt?: number;
  /** The case's `judge`: what the judge answers for each judge rule, by id (a scripted judge: no endpoint is called). */
  readonly judge?: Readonly<Record<string, JudgeVerdictInput>>;
  /** Where each scripted verdict's rule id is in the file. */
  readonly judgeAt?: Readonly<Record<string, FilePosition>>;
  readonly expect: CaseExpectation;
}

/** What a case expects. `passed` is required; the rest is checked only when given. */
export interface CaseExpectation {
  readonly passed: boolean;
  /** Compared within 1e-9. */
  readonly score?: number;
  /** The ids of the error-severity rules that do not hold (in any order). */
  readonly failures?: readonly string[];
  /** The ids of the warning-severity rules that do not hold (in any order). */
  readonly warnings?: readonly string[];
  readonly decision?: CaseDecision;
  /** The joined corrective prompt of a `retry` decision. */
  readonly retry_prompt?: string;
}

/** A problem of a cases file, at its place in the file. */
export interface CasesProblem {
  readonly message: string;
  readonly file?: FilePosition;
}

/** A cases file read: its cases, or every problem found (then `cases` holds the valid ones only). */
export interface CasesFile {
  readonly cases: readonly RuleSetCase[];
  readonly problems: readonly CasesProblem[];
}

/** The fields of a cases file and of one case. */
export const CASES_FILE_FIELDS: readonly string[] = ['$schema', 'description', 'now', 'format', 'cases'];
export const CASE_FIELDS: readonly string[] = [
  'title',
  'context',
  'rollout',
  'format',
  'now',
  'attempt',
  'judge',
  'passed',
  'score',
  'failures',
  'warnings',
  'decision',
  'retry_prompt',
];
const FORMATS: readonly CaseFormat[] = ['sessions', 'nemo-gym'];
const DECISIONS: readonly CaseDecision[] = ['accept', 'retry', 'abort'];

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads a cases file (JSON or YAML): `{ now?, format?, cases: [{ title,
 * context | rollout, passed, score?, failures?, warnings?, decision?,
 * retry_prompt?, attempt?, now?, format? }] }`. Every problem is collected
 * with its line and column (an unknown field with a did-you-mean: a misspelt
 * expectation would otherwise go unchecked). Never throws.
 */
export function readCasesFile(text: string, options: { readonly fileName?: string; readonly format?: 'json' | 'yaml' } = {}): CasesFile {
  const name = options.fileName?.toLowerCase() ?? '';
  const format =
    options.format ??
    (name.endsWith('.yaml') || name.endsWith('.yml') ? 'yaml' : name.endsWith('.json') ? 'json' : /^\uFEFF?\s*\{/.test(text) ? 'json' : 'yaml');
  const lines = new LineIndex(text);
  const at = (offset: number | undefined): FilePosition | undefined => {
    if (offset === undefined) return undefined;
    const p = lines.position(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const problems: CasesProblem[] = [];
  const report = (message: string, node: Located | { span?: { start: number } } | undefined) => {
    const file = at(node?.span?.start);
    problems.push({ message, ...(file ? { file } : {}) });
  };

  const parsed = format === 'json' ? parseJsonLocated(text) : parseYamlLocated(text);
  for (const p of parsed.problems) if (p.severity === 'error') report(`invalid ${format === 'json' ? 'JSON' : 'YAML'}: ${p.message}`, p);
  if (problems.length > 0 || !parsed.root) return { cases: [], problems: problems.length > 0 ? problems : [{ message: 'the file is empty' }] };
  // The values themselves come from the platform's parser (own properties, any
  // key, `__proto__` included, as the rule sets' contexts do); the located tree
  // gives their positions.
  let plain: unknown;
  try {
    plain = format === 'json' ? JSON.parse(text.replace(/^\uFEFF/, '')) : parseYaml(text, { prettyErrors: false });
  } catch (e) {
    return { cases: [], problems: [{ message: `invalid ${format}: ${(e as Error).message}` }] };
  }

  const root = parsed.root;
  if (root.kind !== 'object' || !isRecord(plain)) {
    report(`a cases file must be an object with a 'cases' list, not ${describeLocated(root)}`, root);
    return { cases: [], problems };
  }
  const top = fieldsOf(root, CASES_FILE_FIELDS, 'in the cases file', report);
  const fileNow = stringField(top, plain, 'now', report);
  const fileFormat = formatField(top, plain, report) ?? 'sessions';
  const list = top.get('cases');
  const items = plain['cases'];
  if (!list) {
    report("a cases file needs a 'cases' list", root);
    return { cases: [], problems };
  }
  if (list.kind !== 'array' || !Array.isArray(items)) {
    report(`'cases' must be a list, not ${describeLocated(list)}`, list);
    return { cases: [], problems };
  }
  if (list.items.length === 0) report("'cases' is empty: give at least one case", list);
  const cases: RuleSetCase[] = [];
  list.items.forEach((node, index) => {
    const c = readCase(node, items[index], index, { now: fileNow, format: fileFormat }, report, at);
    if (c) cases.push(c);
  });
  return { cases, problems };
}

type Report = (message: string, node: Located | undefined) => void;

function readCase(
  node: Located,
  value: unknown,
  index: number,
  defaults: { now: string | undefined; format: CaseFormat },
  report: Report,
  at: (offset: number | undefined) => FilePosition | undefined,
): RuleSetCase | undefined {
  const label = `case #${index + 1}`;
  if (node.kind !== 'object' || !isRecord(value)) {
    report(`${label} must be an object, not ${describeLocated(node)}`, node);
    return undefined;
  }
  let bad = false;
  const r: Report = (m, n) => {
    bad = true;
    report(`${label}: ${m}`, n);
  };
  const f = fieldsOf(node, CASE_FIELDS, '', r);
  const title = stringField(f, value, 'title', r) ?? label;
  const now = stringField(f, value, 'now', r) ?? defaults.now;
  const format = formatField(f, value, r) ?? defaults.format;

  let input: unknown;
  const hasContext = f.has('context');
  const hasRollout = f.has('rollout');
  if (hasContext && hasRollout) r("give either 'context' or 'rollout', not both", f.get('rollout'));
  else if (hasRollout && format !== 'nemo-gym')
    r("'rollout' needs 'format: nemo-gym' (on the case or the file); a verification context is 'context'", f.get('rollout'));
  else if (!hasContext && !hasRollout)
    r(format === 'nemo-gym' ? "no 'rollout' (the NeMo Gym rollout to verify)" : "no 'context' (the verification context to verify)", node);
  else {
    const key = hasRollout ? 'rollout' : 'context';
    input = value[key];
    if (!isRecord(input)) r(`'${key}' must be an object, not ${describeLocated(f.get(key)!)}`, f.get(key));
  }

  let passed: boolean | undefined;
  const p = f.get('passed');
  if (!p) r("no 'passed' (true or false: what the verification must give)", node);
  else if (typeof value['passed'] !== 'boolean') r(`'passed' must be true or false, not ${describeLocated(p)}`, p);
  else passed = value['passed'];

  let score: number | undefined;
  if (f.has('score')) {
    const s = value['score'];
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > 1)
      r(`'score' must be a number from 0 to 1, not ${describeLocated(f.get('score')!)}`, f.get('score'));
    else score = s;
  }
  const ids = (key: 'failures' | 'warnings'): readonly string[] | undefined => {
    if (!f.has(key)) return undefined;
    const v = value[key];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      r(`'${key}' must be a list of rule ids`, f.get(key));
      return undefined;
    }
    return v as string[];
  };
  const failures = ids('failures');
  const warnings = ids('warnings');
  let decision: CaseDecision | undefined;
  if (f.has('decision')) {
    const d = value['decision'];
    if (typeof d === 'string' && (DECISIONS as readonly string[]).includes(d)) decision = d as CaseDecision;
    else {
      const s = typeof d === 'string' ? suggest(d, DECISIONS) : undefined;
      r(
        `'decision' must be accept, retry or abort, not ${typeof d === 'string' ? `'${d}'` : describeLocated(f.get('decision')!)}${s ? ` (did you mean '${s}'?)` : ''}`,
        f.get('decision'),
      );
    }
  }
  const retryPrompt = stringField(f, value, 'retry_prompt', r);
  let attempt: number | undefined;
  if (f.has('attempt')) {
    const a = value['attempt'];
    if (typeof a !== 'number' || !Number.isInteger(a) || a < 1)
      r(`'attempt' must be a whole number >= 1, not ${describeLocated(f.get('attempt')!)}`, f.get('attempt'));
    else attempt = a;
  }
  const judge = f.has('judge') ? readJudge(f.get('judge')!, value['judge'], r, at) : undefined;
  if (bad || passed === undefined) return undefined;
  const file = at(node.span?.start);
  return {
    title,
    index,
    ...(file ? { file } : {}),
    format,
    input,
    ...(now !== undefined ? { now } : {}),
    ...(attempt !== undefined ? { attempt } : {}),
    ...(judge ? { judge: judge.verdicts, judgeAt: judge.at } : {}),
    expect: {
      passed,
      ...(score !== undefined ? { score } : {}),
      ...(failures ? { failures } : {}),
      ...(warnings ? { warnings } : {}),
      ...(decision ? { decision } : {}),
      ...(retryPrompt !== undefined ? { retry_prompt: retryPrompt } : {}),
    },
  };
}

function fieldsOf(o: LocatedObject, known: readonly string[], where: string, report: Report): Map<string, Located> {
  const out = new Map<string, Located>();
  for (const e of o.entries) {
    if (out.has(e.key))
      report(`field '${e.key}' appears twice${where ? ` ${where}` : ''}`, { kind: 'scalar', value: e.key, ...(e.keySpan ? { span: e.keySpan } : {}) });
    else if (known.includes(e.key)) out.set(e.key, e.value);
    else {
      const s = suggest(e.key, known);
      report(`unknown field '${e.key}'${where ? ` ${where}` : ''} (${s ? `did you mean '${s}'?` : `the fields are ${known.join(', ')}`})`, {
        kind: 'scalar',
        value: e.key,
        ...(e.keySpan ? { span: e.keySpan } : {}),
      });
    }
  }
  return out;
}

function stringField(f: Map<string, Located>, value: Record<string, unknown>, key: string, report: Report): string | undefined {
  if (!f.has(key)) return undefined;
  const v = value[key];
  if (typeof v === 'string') return v;
  report(`'${key}' must be a string, not ${describeLocated(f.get(key)!)}`, f.get(key));
  return undefined;
}

function formatField(f: Map<string, Located>, value: Record<string, unknown>, report: Report): CaseFormat | undefined {
  if (!f.has('format')) return undefined;
  const v = value['format'];
  if (typeof v === 'string' && (FORMATS as readonly string[]).includes(v)) return v as CaseFormat;
  report(`'format' must be sessions or nemo-gym, not ${typeof v === 'string' ? `'${v}'` : describeLocated(f.get('format')!)}`, f.get('format'));
  return undefined;
}

/**
 * A case's `judge`: `{ <judge rule id>: pass | fail | { pass, score?, reason? } | { error } }`,
 * what a scripted judge answers (whether an id names a judge rule is checked
 * against the rule set, by `checkCaseIds`).
 */
function readJudge(
  node: Located,
  value: unknown,
  report: Report,
  at: (offset: number | undefined) => FilePosition | undefined,
): { verdicts: Record<string, JudgeVerdictInput>; at: Record<string, FilePosition> } | undefined {
  const shape = "'pass', 'fail', { pass: true|false, score?: 0..1, reason?: text } or { error: text }";
  if (node.kind !== 'object' || !isRecord(value)) {
    report(`'judge' must map judge rule ids to verdicts (${shape}), not ${describeLocated(node)}`, node);
    return undefined;
  }
  const verdicts: Record<string, JudgeVerdictInput> = Object.create(null);
  const where: Record<string, FilePosition> = Object.create(null);
  for (const e of node.entries) {
    const v = value[e.key];
    const bad = (why: string) => report(`'judge': the verdict of '${e.key}' ${why}`, e.value);
    let verdict: JudgeVerdictInput | undefined;
    if (v === 'pass' || v === 'fail') verdict = { pass: v === 'pass' };
    else if (isRecord(v) && Object.keys(v).length === 1 && typeof v['error'] === 'string') verdict = { error: v['error'] };
    else if (isRecord(v)) {
      const unknown = Object.keys(v).filter((k) => !['pass', 'score', 'reason'].includes(k));
      const score = v['score'];
      if (unknown.length > 0) bad(`has an unknown field '${unknown[0]}' (it is ${shape})`);
      else if (typeof v['pass'] !== 'boolean') bad("needs 'pass': true or false");
      else if (score !== undefined && (typeof score !== 'number' || !(score >= 0 && score <= 1))) bad(`has a 'score' that is not a number from 0 to 1`);
      else if (v['reason'] !== undefined && typeof v['reason'] !== 'string') bad("has a 'reason' that is not text");
      else
        verdict = {
          pass: v['pass'],
          ...(typeof score === 'number' ? { score } : {}),
          ...(typeof v['reason'] === 'string' ? { reason: v['reason'] } : {}),
        };
    } else bad(`must be ${shape}, not ${typeof v === 'string' ? `'${v}'` : describeLocated(e.value)}`);
    if (!verdict) continue;
    verdicts[e.key] = verdict;
    const p = at(e.keySpan?.start ?? e.value.span?.start);
    if (p) where[e.key] = p;
  }
  return { verdicts, at: where };
}
