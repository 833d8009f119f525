import { DEFAULT_LIMITS } from '../../common/limits.js';
import { JsonPathLimitError } from './errors.js';

/**
 * A shared allowance for one evaluation. `remaining` goes down by one for each
 * node a query touches (every node produced by a selector, every node a
 * descendant segment walks, every pair a deep comparison visits); `maxDepth`
 * bounds how deep a descendant walk or a deep comparison may go below the node
 * where it starts. A caller may pass the same budget to several queries.
 */
export interface VisitBudget {
  remaining: number;
  maxDepth: number;
}

/** A fresh budget with the toolkit's default limits (1,000,000 visits, depth 1,000). */
export function defaultBudget(): VisitBudget {
  return { remaining: DEFAULT_LIMITS.maxVisits, maxDepth: DEFAULT_LIMITS.maxContextDepth };
}

/** Takes one visit from the budget; throws JsonPathLimitError('visits') when it is exhausted. */
export function charge(budget: VisitBudget): void {
  if (--budget.remaining < 0) throwVisits();
}

/** Throws JsonPathLimitError('depth') when `depth` exceeds the budget's maxDepth. */
export function checkDepth(budget: VisitBudget, depth: number): void {
  if (depth > budget.maxDepth) {
    throw new JsonPathLimitError('depth', `JSONPath evaluation went deeper than ${budget.maxDepth} levels`);
  }
}

function throwVisits(): never {
  throw new JsonPathLimitError('visits', 'JSONPath evaluation visited too many nodes');
}
