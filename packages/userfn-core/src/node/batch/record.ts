import type { EvaluateOptions } from '../../api/options.js';
import type { RuleSet } from '../../rules/types.js';
import { evaluateRules, explainMiss, missMessage } from '../../rules/verify.js';
import { setTopLevelKey } from '../../rules/json-splice.js';
import { nemoGymToContext } from '../../rules/nemo-gym.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import type { BatchStats } from './stats.js';

/** `sessions`: each line is a verification context; `nemo-gym`: each line is a NeMo Gym rollout. */
export type BatchFormat = 'sessions' | 'nemo-gym';

/** Turns one input line into its output line (ending with a newline) and counts it. */
export type LineProcessor = (line: string, lineNo: number, stats: BatchStats) => string;

const hasOwn = Object.prototype.hasOwnProperty;

/** Which rule set scored a line, as JSON text: `{"name": ..., "hash": ...}`, written on every verified line. */
export const versionJson = (ruleSet: RuleSet): string => JSON.stringify(ruleSetVersion(ruleSet));

/**
 * A NeMo Gym rollout written back: `reward` set to the score and `userfn` set
 * to `{"rule_set": <version>` plus `members` (JSON text of further members,
 * each starting with a comma) `}`, each replaced where it stands or appended;
 * every other byte of the line kept. One writer for the judged and the
 * non-judged runs, so both trace a reward the same way.
 */
export function rewardedLine(line: string, record: object, score: number, version: string, members = ''): string {
  const rewarded = setTopLevelKey(line, 'reward', String(score), hasOwn.call(record, 'reward'));
  return `${setTopLevelKey(rewarded, 'userfn', `{"rule_set":${version}${members}}`, hasOwn.call(record, 'userfn'))}\n`;
}

/** The output line of an input that could not be verified. */
export function inputErrorLine(lineNo: number, message: string): string {
  return `{"line":${lineNo},"error":{"kind":"input","message":${JSON.stringify(message)}}}\n`;
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : `a ${typeof v}`);

/** `$.session.key` when it is a string or a finite number, else the line number. */
export function recordId(record: object, lineNo: number): string {
  const session = (record as { session?: unknown }).session;
  if (session !== null && typeof session === 'object' && hasOwn.call(session, 'key')) {
    const key = (session as { key?: unknown }).key;
    if (typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key))) return JSON.stringify(key);
  }
  return String(lineNo);
}

/**
 * Counts one input line and reads it: the record and its verification
 * context (a NeMo Gym rollout mapped), or the line's input-error output line
 * (counted as an input error).
 */
export function readRecord(line: string, lineNo: number, stats: BatchStats, nemo: boolean): { record: object; context: unknown } | string {
  stats.records++;
  // NeMo Gym output is the input written back: a CRLF line's error line ends with CRLF too.
  const inputError = (message: string): string => {
    stats.inputErrors++;
    const out = inputErrorLine(lineNo, message);
    return nemo && line.endsWith('\r') ? `${out.slice(0, -1)}\r\n` : out;
  };
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (e) {
    return inputError(/^\s*$/.test(line) ? 'blank line' : `invalid JSON: ${(e as Error).message}`);
  }
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return inputError(`expected a JSON object, got ${kindOf(record)}`);
  if (!nemo) return { record, context: record };
  try {
    return { record, context: nemoGymToContext(record) };
  } catch (e) {
    return inputError((e as Error).message);
  }
}

/**
 * The per-record hot path: parse, map (NeMo Gym), evaluate every rule with
 * its compiled closures, and write the output line by hand. Ids and messages
 * are serialized once; explanations (the slower interpreter) are computed
 * only for rules that did not hold, and not at all for NeMo Gym output, which
 * carries only the reward.
 */
export function createLineProcessor(ruleSet: RuleSet, format: BatchFormat, clock: EvaluateOptions): LineProcessor {
  const index = new Map(ruleSet.rules.map((r, i) => [r, i]));
  const prefixes = ruleSet.rules.map((r) => `{"rule":${JSON.stringify(r.id)},"message":${JSON.stringify(missMessage(r))},"explanation":`);
  const nemo = format === 'nemo-gym';
  // Which rule set scored the line, on every line (a NeMo Gym rollout gets it as userfn.rule_set).
  const version = versionJson(ruleSet);

  return (line, lineNo, stats) => {
    const read = readRecord(line, lineNo, stats, nemo);
    if (typeof read === 'string') return read;
    const { record, context } = read;

    const outcome = evaluateRules(ruleSet, context, clock);
    stats.scores.push(outcome.score);
    if (outcome.passed) stats.passed++;
    else stats.failed++;
    for (const m of outcome.misses) stats.ruleMisses[index.get(m.rule)!]!++;
    if (nemo) return rewardedLine(line, record, outcome.score, version);

    let failures = '';
    let warnings = '';
    for (const m of outcome.misses) {
      const entry = `${prefixes[index.get(m.rule)!]}${JSON.stringify(explainMiss(m, context, clock))}}`;
      if (m.rule.severity === 'error') failures += failures ? `,${entry}` : entry;
      else warnings += warnings ? `,${entry}` : entry;
    }
    return `{"line":${lineNo},"id":${recordId(record, lineNo)},"passed":${outcome.passed},"score":${outcome.score},"failures":[${failures}],"warnings":[${warnings}],"rule_set":${version}}\n`;
  };
}
