import type { Span } from '../common/diagnostics/span.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { RuleSetCodes, type RuleSetCode } from './codes.js';
import { describeLocated, type Located } from './located.js';
import type { Decision, OnFail, RuleDefinition, RuleSetDefinition, RuleSeverity } from './types.js';

/** The values of a rule's `on_fail`. */
export const ON_FAIL_VALUES: readonly OnFail[] = ['retry', 'abort', 'warn'];

type Report = (code: RuleSetCode, message: string, span: Span | undefined, extra?: { suggestion?: string; hint?: string }) => void;

/**
 * A rule's `on_fail` and `severity` made one: `warn` is `severity: warning`
 * and the reverse, `retry` (the default) and `abort` are error rules. A rule
 * that says both in contradiction (`severity: warning` with `on_fail: abort`)
 * is reported rather than guessed.
 */
export function resolveOnFail(node: Located | undefined, severity: RuleSeverity | undefined, report: Report): { onFail: OnFail; severity: RuleSeverity } {
  if (!node) return severity === 'warning' ? { onFail: 'warn', severity } : { onFail: 'retry', severity: 'error' };
  const text = node.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
  if (text === undefined || !(ON_FAIL_VALUES as readonly string[]).includes(text)) {
    const s = text !== undefined ? suggest(text, ON_FAIL_VALUES) : undefined;
    report(
      RuleSetCodes.InvalidOnFail,
      `'on_fail' must be retry, abort or warn, not ${text !== undefined ? `'${text}'` : describeLocated(node)}`,
      node.span,
      s ? { suggestion: s, hint: `did you mean '${s}'?` } : {},
    );
    return { onFail: severity === 'warning' ? 'warn' : 'retry', severity: severity ?? 'error' };
  }
  const onFail = text as OnFail;
  const implied: RuleSeverity = onFail === 'warn' ? 'warning' : 'error';
  if (severity !== undefined && severity !== implied) {
    report(RuleSetCodes.ConflictingOnFail, `'on_fail: ${onFail}' contradicts 'severity: ${severity}'`, node.span, {
      hint:
        onFail === 'warn'
          ? "'on_fail: warn' is a warning rule: drop 'severity' or make it 'warning'"
          : `'on_fail: ${onFail}' is for error rules: drop 'severity: warning'`,
    });
  }
  return { onFail, severity: implied };
}

/** The rule set's `max_retries`: a whole number >= 0, or undefined (no limit). */
export function readMaxRetries(node: Located | undefined, report: Report): number | undefined {
  if (!node) return undefined;
  if (node.kind === 'scalar' && typeof node.value === 'number' && Number.isInteger(node.value) && node.value >= 0) return node.value;
  const what = node.kind === 'scalar' && typeof node.value === 'number' ? String(node.value) : describeLocated(node);
  report(RuleSetCodes.InvalidMaxRetries, `'max_retries' must be a whole number >= 0, not ${what}`, node.span);
  return undefined;
}

/** A failed rule's line of the corrective prompt: its retry prompt, else its message, else a default. */
const promptOf = (rule: RuleDefinition): string => rule.retry_prompt ?? rule.message ?? `Make sure rule '${rule.id}' holds.`;

/**
 * What the agent should do after a verification of attempt `attempt`:
 * accept when no error rule failed; abort when a failed rule says
 * `on_fail: abort`, or when a retry would be retry number `attempt` and the
 * rule set allows fewer (`max_retries`); else retry, with the failed rules'
 * prompts one per line (in rule-set order).
 */
export function decide(
  definition: Pick<RuleSetDefinition, 'max_retries'>,
  failed: readonly RuleDefinition[],
  attempt: number,
): { decision: Decision; retry_prompt?: string } {
  const errors = failed.filter((r) => r.on_fail !== 'warn');
  if (errors.length === 0) return { decision: 'accept' };
  if (errors.some((r) => r.on_fail === 'abort')) return { decision: 'abort' };
  if (definition.max_retries !== undefined && attempt > definition.max_retries) return { decision: 'abort' };
  return { decision: 'retry', retry_prompt: errors.map(promptOf).join('\n') };
}

/** An attempt number as given by a caller: a whole number >= 1, or undefined when it is not one. */
export function validAttempt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}
