/**
 * The fields a rule set may have (issue 3's rule-set format). Kept in one
 * place so the editor and the core's rule-set loader can be aligned at a glance.
 */

/** Top-level fields. `rules` is required. */
export const RULE_SET_FIELDS: readonly string[] = ['profile', 'rules', '$schema', 'name', 'description'];

/** Fields of one rule. `id` and `condition` are required. */
export const RULE_FIELDS: readonly string[] = ['id', 'condition', 'message', 'weight', 'severity', 'retry_prompt'];

/** The values of a rule's `severity`. */
export const SEVERITIES: readonly string[] = ['error', 'warning'];
