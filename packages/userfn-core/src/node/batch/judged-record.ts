import type { JudgeErrorPolicy, RuleSet, Verification } from '../../rules/types.js';
import { countsAsMiss, judgedEntries, missEntries } from '../../rules/trace.js';
import type { JudgeBackend } from '../../rules/judge-request.js';
import { verifyAsync } from '../../rules/verify.js';
import { readRecord, recordId, rewardedLine, versionJson, type BatchFormat } from './record.js';
import type { BatchStats } from './stats.js';

/** Turns one input line into its output line, awaiting the judges. */
export type JudgedLineProcessor = (line: string, lineNo: number, stats: BatchStats) => Promise<string> | string;

/**
 * The output line of a verified session with judge rules: the usual fields
 * (a judge's reason is a failure's explanation), then `judged`, one entry per
 * judge rule with its verdict, reason, score, votes and the audit record of
 * every call (request hash, cache hit, latency, attempts, tokens; the raw
 * reply with audit on), `incomplete` when a judge gave no verdict, and the
 * rule set that scored it (`version`, as every line of a run without judges).
 */
export function judgedLine(lineNo: number, record: object, v: Verification, policy: JudgeErrorPolicy, version: string): string {
  const failures = missEntries(v, 'error', policy);
  const warnings = missEntries(v, 'warning', policy);
  const judged = judgedEntries(v);
  const head = `{"line":${lineNo},"id":${recordId(record, lineNo)},"passed":${v.passed},"score":${v.score}`;
  return `${head},"failures":${JSON.stringify(failures)},"warnings":${JSON.stringify(warnings)},"judged":${JSON.stringify(judged)}${v.incomplete ? ',"incomplete":true' : ''},"rule_set":${version}}\n`;
}

/** Options of a judged line processor. */
export interface JudgedLineOptions {
  readonly format: BatchFormat;
  readonly now: Date;
  readonly judge?: JudgeBackend;
  readonly judgeError: JudgeErrorPolicy;
  /** NeMo Gym output: also write the judged entries, as `userfn.judged` (with --judge-audit). */
  readonly audit?: boolean;
}

/**
 * The line processor of a rule set with judge rules: read, verify with
 * `verifyAsync` (conditions at once, then one judge request per session),
 * count, and write the line; a NeMo Gym rollout gets its `reward` and the
 * `userfn` trace a run without judges writes (`rule_set`), plus `incomplete`
 * when a judge gave no verdict and, with audit on, `judged`. Under `abort` a
 * judge error rejects with the JudgeAbortError.
 */
export function createJudgedLineProcessor(ruleSet: RuleSet, options: JudgedLineOptions): JudgedLineProcessor {
  const nemo = options.format === 'nemo-gym';
  const order = new Map(ruleSet.definition.rules.map((r, i) => [r.id, i]));
  const version = versionJson(ruleSet);
  const verifyOptions = { now: options.now, judgeError: options.judgeError, ...(options.judge ? { judge: options.judge } : {}) };
  return (line, lineNo, stats) => {
    const read = readRecord(line, lineNo, stats, nemo);
    if (typeof read === 'string') return read;
    return verifyAsync(ruleSet, read.context, verifyOptions).then((v) => {
      stats.scores.push(v.score);
      if (v.passed) stats.passed++;
      else stats.failed++;
      if (v.incomplete) {
        stats.incomplete = (stats.incomplete ?? 0) + 1;
        stats.judgeErrors = (stats.judgeErrors ?? 0) + v.results.filter((r) => r.judge?.verdict === 'error').length;
      }
      for (const r of v.results) if (countsAsMiss(r, options.judgeError)) stats.ruleMisses[order.get(r.id)!]!++;
      if (nemo) {
        const members = `${v.incomplete ? ',"incomplete":true' : ''}${options.audit ? `,"judged":${JSON.stringify(judgedEntries(v))}` : ''}`;
        return rewardedLine(line, read.record, v.score, version, members);
      }
      return judgedLine(lineNo, read.record, v, options.judgeError, version);
    });
  };
}
