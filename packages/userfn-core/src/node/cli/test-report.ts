import type { CaseMismatch, CaseOutcome } from '../../rules/case-run.js';
import type { CoverageReport } from '../../rules/coverage.js';

/** One rule set's run: its cases' outcomes, or the problems that kept it from loading. */
export interface SuiteRun {
  readonly rules: string;
  readonly cases: string;
  /** Every problem of the rule set or the cases file, each `file:line:column: message`. */
  readonly problems: readonly string[];
  readonly outcomes: readonly CaseOutcome[];
  /** With --coverage, for a rule set that ran. */
  readonly coverage?: CoverageReport;
}

const show = (v: unknown): string => (Array.isArray(v) ? `[${v.join(', ')}]` : typeof v === 'string' ? JSON.stringify(v) : String(v));

/** A mismatch as a diff: `- field: expected` then `+ field: actual`. */
function diffLines(m: CaseMismatch): string[] {
  return [`- ${m.field}: ${show(m.expected)}`, `+ ${m.field}: ${show(m.actual)}`];
}

/** Why a case failed, indented: the diff (expected -, actual +), then each rule involved with its explanation. */
export function caseFailureLines(o: CaseOutcome): string[] {
  if (o.error !== undefined) return [`error: ${o.error}`];
  const lines = ['expected (-) and actual (+):', ...o.mismatches.flatMap(diffLines).map((l) => `  ${l}`)];
  for (const r of o.involved) {
    const kind = r.severity === 'warning' ? ' (warning)' : '';
    lines.push(r.held ? `rule '${r.id}'${kind} held` : `rule '${r.id}'${kind} did not hold: ${r.explanation ?? ''}`);
  }
  return lines;
}

/** The counts over every run: cases that passed and failed. */
export function countCases(runs: readonly SuiteRun[]): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const run of runs) for (const o of run.outcomes) o.ok ? passed++ : failed++;
  return { passed, failed };
}

/** The runner's text: a header per rule set, one line per case (its diff under a failed one), then the summary `N passed, N failed`. */
export function formatText(runs: readonly SuiteRun[]): string {
  let out = '';
  for (const run of runs) {
    out += `${run.rules} (${run.cases})\n`;
    const n = run.problems.length;
    if (n > 0) out += `  ! not run: ${n} problem${n === 1 ? '' : 's'} (on standard error)\n`;
    for (const o of run.outcomes) {
      out += `  ${o.ok ? '✓' : '✗'} ${o.case.title}\n`;
      if (!o.ok) {
        const where = o.case.file ? `${run.cases}:${o.case.file.line}:${o.case.file.column}` : run.cases;
        out += `      at ${where}\n`;
        for (const l of caseFailureLines(o)) out += `      ${l}\n`;
      }
    }
  }
  const { passed, failed } = countCases(runs);
  const broken = runs.filter((r) => r.problems.length > 0).length;
  out += `\n${passed} passed, ${failed} failed${broken > 0 ? `; ${broken} rule set${broken === 1 ? '' : 's'} not run (problems above)` : ''}\n`;
  return out;
}

const xml = (s: string): string =>
  s
    // XML 1.0 cannot hold most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * JUnit XML as CI systems read it: a testsuite per rule set (named by its
 * file), a testcase per case with a `failure` holding the diff, and a rule set
 * or cases file that did not load as one testcase with an `error`.
 */
export function formatJunit(runs: readonly SuiteRun[]): string {
  const { passed, failed } = countCases(runs);
  const errors = runs.filter((r) => r.problems.length > 0).length;
  let out = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="userfn test" tests="${passed + failed + errors}" failures="${failed}" errors="${errors}">\n`;
  for (const run of runs) {
    const failures = run.outcomes.filter((o) => !o.ok).length;
    const broken = run.problems.length > 0 ? 1 : 0;
    out += `  <testsuite name="${xml(run.rules)}" tests="${run.outcomes.length + broken}" failures="${failures}" errors="${broken}">\n`;
    if (broken) {
      out += `    <testcase classname="${xml(run.rules)}" name="load">\n      <error message="${xml(`${run.problems.length} problem${run.problems.length === 1 ? '' : 's'}`)}">${xml(run.problems.join('\n'))}</error>\n    </testcase>\n`;
    }
    for (const o of run.outcomes) {
      const name = xml(o.case.title);
      if (o.ok) out += `    <testcase classname="${xml(run.rules)}" name="${name}"/>\n`;
      else {
        const message = o.error !== undefined ? o.error : o.mismatches.map((m) => m.field).join(', ');
        out += `    <testcase classname="${xml(run.rules)}" name="${name}">\n      <failure message="${xml(message)}">${xml(caseFailureLines(o).join('\n'))}</failure>\n    </testcase>\n`;
      }
    }
    out += '  </testsuite>\n';
  }
  return `${out}</testsuites>\n`;
}

/** The coverage over every rule set that ran. */
export function totalCoverage(runs: readonly SuiteRun[]): { covered: number; total: number; percent: number } {
  let covered = 0;
  let total = 0;
  for (const r of runs) {
    covered += r.coverage?.covered ?? 0;
    total += r.coverage?.total ?? 0;
  }
  return { covered, total, percent: total === 0 ? 100 : (covered / total) * 100 };
}

const mark = (seen: number) => (seen > 0 ? `yes (${seen})` : 'NO');
const clip = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
};

/**
 * The coverage as text: per rule set and rule, whether the cases saw it hold
 * and not hold (with counts), each operand or branch they never reached, the
 * rules never seen failing, and the percentage.
 */
export function formatCoverage(runs: readonly SuiteRun[]): string {
  let out = '\ncoverage:\n';
  for (const run of runs) {
    const c = run.coverage;
    if (!c) continue;
    out += `${run.rules}: ${c.percent.toFixed(1)}% (${c.covered} of ${c.total})\n`;
    for (const r of c.rules) {
      out += `  ${r.kind === 'judge' ? 'judge rule' : 'rule'} '${r.id}': held ${mark(r.held)}, not held ${mark(r.notHeld)}\n`;
      for (const p of r.points)
        if (p.reached === 0)
          out += `    never reached: ${p.role === 'then' || p.role === 'else' ? `${p.role} branch` : `${p.role} operand`} ${r.kind === 'judge' ? 'of its when ' : ''}at ${p.line}:${p.column}: ${clip(p.text)}\n`;
    }
    if (c.neverFailed.length > 0) out += `  never seen failing: ${c.neverFailed.join(', ')}\n`;
  }
  const t = totalCoverage(runs);
  return `${out}coverage ${t.percent.toFixed(1)}% (${t.covered} of ${t.total} rule outcomes, operands and branches)\n`;
}
