/**
 * The example each profile starts with: a realistic context (the project's
 * own examples/contexts where one fits) and an expression over it, plus the
 * rule set the rule-set mode starts with. Kept as text, so the page shows
 * them formatted as written.
 */
import type { ProfileName } from '@userfn/core';
import searchResult from '../../../../examples/contexts/search-result.json?raw';
import session from '../../../../examples/contexts/session.json?raw';
import step from '../../../../examples/contexts/step.json?raw';
import orders from './orders.json?raw';
import refundContract from './refund-contract.rules.json?raw';

const CONTEXTS: Readonly<Record<ProfileName, string>> = {
  verification: session, // a finished agent session
  transition: step, // a running session whose $.output is the step's structured output
  reranker: searchResult, // one search result
  any: orders, // any JSON at all
};

const EXPRESSIONS: Readonly<Record<ProfileName, string>> = {
  verification: "get('$.output.status') == 'refunded' and called('process_refund')",
  transition: "get('$.output.category') == 'billing' and not get('$.output.needs_human', false)",
  reranker: "if (get('$.part_metadata.lang') == 'fra') get('$.score') * 1.6 else get('$.score')",
  any: "sum(get('$.orders[?@.status == ''paid''].total'))",
};

/** The example context of a profile, as JSON text. */
export function sampleContextText(profile: ProfileName): string {
  return CONTEXTS[profile].trimEnd() + '\n';
}

/** The example expression of a profile. */
export function defaultExpression(profile: ProfileName): string {
  return EXPRESSIONS[profile];
}

/** The rule set the rule-set mode starts with (JSON text). */
export function defaultRuleSet(): string {
  return refundContract.trimEnd() + '\n';
}
