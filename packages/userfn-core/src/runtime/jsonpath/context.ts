import type { VisitBudget } from './budget.js';

/**
 * The types of the compiled closures. `undefined` stands for the RFC's
 * "Nothing" (an absent value): JSON never contains `undefined`, and members or
 * elements holding `undefined` are treated as absent.
 */
export interface EvalContext {
  /** The argument of `select`: what `$` means inside filters. */
  readonly root: unknown;
  readonly budget: VisitBudget;
}

/** Produces a value or Nothing (`undefined`) for the current node `@`. */
export type ValueFn = (current: unknown, ctx: EvalContext) => unknown;
/** Produces a LogicalType result for the current node `@`. */
export type LogicalFn = (current: unknown, ctx: EvalContext) => boolean;
/** Produces a nodelist (the values of the nodes, in order) for the current node `@`. */
export type NodesFn = (current: unknown, ctx: EvalContext) => unknown[];
/** Appends what one selector selects from `node` to `out`. */
export type SelectorFn = (node: unknown, out: unknown[], ctx: EvalContext) => void;
