import { existsSync, statSync } from 'node:fs';
import { clockMs } from '../../api/clock.js';
import { caseContext, checkCaseIds, runCase, runCaseJudged, type LiveJudge } from '../../rules/case-run.js';
import { CoverageRecorder } from '../../rules/coverage.js';
import { readCasesFile, type CasesProblem } from '../../rules/cases.js';
import { loadRuleSet } from '../../rules/load.js';
import { formatRuleSetProblem, RuleSetError } from '../../rules/rule-set-error.js';
import type { RuleSet } from '../../rules/types.js';
import { parseCommandArgs } from './args.js';
import { JUDGE_HELP, judgeDiskCacheHelp, JUDGE_OPTIONS, judgeSetup } from './judge-options.js';
import { fileError, readInput, UsageError, type Io } from './io.js';
import { casesCandidates, casesFor, findSuites, type SuiteFiles } from './test-discover.js';
import { countCases, formatCoverage, formatJunit, formatText, totalCoverage, type SuiteRun } from './test-report.js';

export const TEST_HELP = `Usage: userfn test --rules <rules.json|yaml> [--cases <cases.json|yaml>] [options]
       userfn test <dir | rules file>... [options]

Runs a rule set's cases: each case gives a context (or, with format:
nemo-gym, a NeMo Gym rollout) and what verifying it must give:

  {"cases": [{"title": "cites a source", "context": {...}, "passed": true,
              "score": 1, "failures": [], "warnings": [], "decision": "accept"}]}

"passed" is required; "score" (within 1e-9), "failures" and "warnings" (the
ids of the error and warning rules that do not hold, in any order),
"decision" and "retry_prompt" are checked when given; "attempt" and "now"
set the verification's attempt and clock (also "now" and "format" for the
whole file). "judge" scripts the judge: {"<judge rule id>": "pass" | "fail" |
{"pass": true, "score": 0.9, "reason": "..."} | {"error": "..."}} for each
judge rule that runs (its threshold applies; no endpoint is called). With
--judge-url, a case that scripts no verdicts ("judge" absent) asks the judge
endpoint instead, as userfn verify does: the judge's own judgement is tested
too (replies cached on disk, so a rerun asks again only what changed).
Without --cases, the cases are <name>.cases.json|yaml beside the rule set or
in cases/ beside it. A directory runs every rule set under it that has cases.

Options:
  --rules <file>        the rule set (JSON or YAML)
  --cases <file>        its cases (default: found beside the rule set)
  --format <f>          text (default) or junit (JUnit XML on standard output)
  --now <iso>           the clock of cases that set none (default: the run's start)
  --coverage            after the summary: for each rule whether the cases saw it
                        hold and not hold, each and/or operand and conditional
                        branch (of a condition, or a judge rule's when) no case
                        reached, the rules never seen failing, and the
                        percentage covered
  --coverage-min <pct>  exit 1 when the coverage is below pct (implies --coverage)
  -h, --help            this help

The judge flags (--judge-url and the others below) are optional here: without
them every case scripts its judge verdicts. --judge-error abort is refused (a
case's judge error fails that case; use fail or skip), and so is --judge-audit
(a test prints no judge replies).

${JUDGE_HELP}
${judgeDiskCacheHelp('cases')}

Exit codes: 0 every case passed, 1 some case failed (or the coverage is below
--coverage-min), 2 bad usage, or a rule set or cases file that does not load
(every problem is listed with its file:line:column; the other rule sets
still run).
`;

/** A problem of a cases file as one line, `file:line:column: message`. */
const casesLine = (path: string, p: CasesProblem) => `${path}${p.file ? `:${p.file.line}:${p.file.column}` : ''}: ${p.message}`;

/** Which rule sets to test, from the command line. */
function suitesOf(values: Record<string, unknown>, positionals: readonly string[]): SuiteFiles[] {
  const rules = values['rules'] as string | undefined;
  const cases = values['cases'] as string | undefined;
  if (rules !== undefined || cases !== undefined) {
    if (rules === undefined) throw new UsageError('userfn test: --cases needs --rules <file>; see userfn test --help');
    if (positionals.length > 0) throw new UsageError('userfn test takes --rules or directories, not both; see userfn test --help');
    return [{ rules, cases: cases ?? required(rules) }];
  }
  if (positionals.length === 0) throw new UsageError('userfn test needs --rules <file> or a directory; see userfn test --help');
  return positionals.flatMap((p) => {
    if (!existsSync(p)) throw new UsageError(`userfn test: no such file or directory: ${p}`);
    if (!statSync(p).isDirectory()) return [{ rules: p, cases: required(p) }];
    const found = findSuites(p);
    if (found.length === 0)
      throw new UsageError(
        `userfn test: no rule set with a cases file under ${p} (a rule set <name>.rules.json|yaml needs <name>.cases.json|yaml beside it or in cases/)`,
      );
    return found;
  });
}

function required(rules: string): string {
  // a rule set that is not there is said as such, not as a rule set without cases
  try {
    statSync(rules);
  } catch (e) {
    throw fileError('read', rules, e);
  }
  const found = casesFor(rules);
  if (found) return found;
  throw new UsageError(`userfn test: no cases for ${rules}; looked for ${casesCandidates(rules).join(', ')} (or give --cases <file>)`);
}

/** Loads a rule set, or lists its problems. */
function load(path: string): { ruleSet?: RuleSet; problems: string[]; warnings: string[] } {
  try {
    const ruleSet = loadRuleSet(readInput(path), { fileName: path });
    return { ruleSet, problems: [], warnings: ruleSet.warnings.map((w) => formatRuleSetProblem(w, path)) };
  } catch (e) {
    if (e instanceof UsageError) return { problems: [e.message], warnings: [] };
    if (e instanceof RuleSetError) return { problems: e.problems.map((p) => formatRuleSetProblem(p, path)), warnings: [] };
    throw e;
  }
}

/** Loads and runs one rule set's cases (those that script no judge verdicts through `judge`, when given). */
export async function runSuite(
  files: SuiteFiles,
  now: string | undefined,
  coverage = false,
  judge?: LiveJudge,
): Promise<SuiteRun & { readonly warnings: readonly string[] }> {
  const { ruleSet, problems, warnings } = load(files.rules);
  let text: string | undefined;
  try {
    text = readInput(files.cases);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    problems.push(e.message);
  }
  const read = text === undefined ? undefined : readCasesFile(text, { fileName: files.cases });
  if (read) problems.push(...read.problems.map((p) => casesLine(files.cases, p)));
  if (ruleSet && read) problems.push(...checkCaseIds(ruleSet, read.cases).map((p) => casesLine(files.cases, p)));
  if (problems.length > 0 || !ruleSet || !read) return { ...files, problems, outcomes: [], warnings };
  const defaults = now !== undefined ? { now } : {};
  // all of a suite's cases at once: the judge client keeps to its concurrency
  const outcomes = judge
    ? await Promise.all(read.cases.map((c) => runCaseJudged(ruleSet, c, defaults, judge)))
    : read.cases.map((c) => runCase(ruleSet, c, defaults));
  if (!coverage) return { ...files, problems, outcomes, warnings };
  const recorder = new CoverageRecorder(ruleSet);
  // Every case that could be verified counts, passed or not: coverage is about what the inputs exercise.
  for (const o of outcomes) {
    const at = o.case.now ?? now;
    if (o.verification) recorder.record(caseContext(o.case), at !== undefined ? { now: at } : {}, o.verification);
  }
  return { ...files, problems, outcomes, warnings, coverage: recorder.report() };
}

/** The live judge the judge flags ask for, if any (said on standard error, as userfn verify says it). */
async function liveJudge(values: Record<string, unknown>, io: Io): Promise<LiveJudge | undefined> {
  const given = Object.keys(JUDGE_OPTIONS).filter((flag) => values[flag] !== undefined);
  if (given.length === 0) return undefined;
  if (values['judge-url'] === undefined) throw new UsageError(`userfn test: --${given[0]} needs --judge-url (without it, cases script their judge verdicts)`);
  if (values['judge-error'] === 'abort')
    throw new UsageError('userfn test: --judge-error abort is not for tests: a judge error fails its case (use fail or skip)');
  if (values['judge-audit']) throw new UsageError('userfn test: --judge-audit is for userfn verify: a test prints no judge replies');
  const setup = await judgeSetup('test', values as Record<string, string | boolean | undefined>, { judges: [] });
  if (setup.description) io.err(`${setup.description}; cases without a 'judge' ask it\n`);
  return { backend: setup.client!, policy: setup.policy };
}

/** `userfn test`: returns the exit code. */
export async function runTest(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'test',
    argv,
    {
      rules: { type: 'string' },
      cases: { type: 'string' },
      format: { type: 'string' },
      now: { type: 'string' },
      coverage: { type: 'boolean' },
      'coverage-min': { type: 'string' },
      ...JUDGE_OPTIONS,
    },
    TEST_HELP,
  );
  if (values.help) {
    io.out(TEST_HELP);
    return 0;
  }
  const format = (values.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'junit') throw new UsageError(`userfn test: unknown format '${format}': use text or junit`);
  // One instant for every case that sets no clock of its own.
  let now = values.now as string | undefined;
  try {
    now = new Date(clockMs(now ?? new Date().toISOString())!).toISOString();
  } catch (e) {
    throw new UsageError(`userfn test: --now: ${(e as Error).message}`);
  }
  const minText = values['coverage-min'] as string | undefined;
  const min = minText === undefined ? undefined : Number(minText);
  if (min !== undefined && (!/^\d+(\.\d+)?$/.test(minText!) || min > 100))
    throw new UsageError(`userfn test: --coverage-min must be a percentage from 0 to 100, got '${minText}'`);
  const coverage = values.coverage === true || min !== undefined;
  const suites = suitesOf(values, positionals);
  const judge = await liveJudge(values, io);
  const runs: Awaited<ReturnType<typeof runSuite>>[] = [];
  for (const s of suites) runs.push(await runSuite(s, now, coverage, judge));
  for (const run of runs) for (const w of run.warnings) io.err(`warning: ${w}\n`);
  const broken = runs.filter((r) => r.problems.length > 0);
  for (const run of broken) for (const p of run.problems) io.err(`${p}\n`);
  io.out(format === 'junit' ? formatJunit(runs) : formatText(runs));
  // With JUnit on standard output, the coverage goes to standard error.
  if (coverage) (format === 'junit' ? io.err : io.out)(formatCoverage(runs));
  if (broken.length > 0) return 2;
  if (countCases(runs).failed > 0) return 1;
  const total = totalCoverage(runs);
  if (min !== undefined && total.percent < min) {
    io.err(`userfn test: coverage ${total.percent.toFixed(1)}% is below --coverage-min ${min}%\n`);
    return 1;
  }
  return 0;
}
