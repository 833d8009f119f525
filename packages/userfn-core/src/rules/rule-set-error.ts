import type { RuleSetProblem } from './types.js';

/** One problem as one line: `file:line:column: rule 'id': message [code]`, plus its hint. */
export function formatRuleSetProblem(p: RuleSetProblem, fileName?: string): string {
  const where = p.file ? `${fileName ?? '<rule set>'}:${p.file.line}:${p.file.column}: ` : fileName ? `${fileName}: ` : '';
  const rule = p.ruleId !== undefined ? `rule '${p.ruleId}': ` : '';
  const inCondition = p.span && !p.file ? ` (at ${p.span.line}:${p.span.column} of the condition)` : '';
  return `${where}${rule}${p.message}${inCondition} [${p.code}]${p.hint && !p.message.includes('did you mean') ? `\n  hint: ${p.hint}` : ''}`;
}

/**
 * Thrown by `loadRuleSet` when a rule set is invalid. It lists every problem
 * at once (not only the first), each with its rule id and position.
 */
export class RuleSetError extends Error {
  override readonly name = 'RuleSetError';

  constructor(
    readonly problems: readonly RuleSetProblem[],
    readonly fileName?: string,
  ) {
    const n = problems.length;
    super(
      `invalid rule set${fileName ? ` ${fileName}` : ''}: ${n} problem${n === 1 ? '' : 's'}\n${problems.map((p) => formatRuleSetProblem(p, fileName)).join('\n')}`,
    );
  }
}
