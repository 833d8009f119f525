import { LLkLookaheadStrategy, type ILookaheadStrategy, type IOrAlt, type OptionalProductionType, type Rule } from 'chevrotain';

/**
 * Chevrotain's own LL(k) lookahead, each choice's function built the first
 * time a parse reaches that choice instead of all of them in the parser's
 * constructor. Computing every choice's lookahead up front was about a third
 * of Chevrotain's grammar analysis (which is most of the first compile of a
 * process), and a process that compiles `get('$.x') > 1` reaches a fraction
 * of the grammar's choices. The functions built are the ones Chevrotain would
 * have built (the same strategy, the same options); what a parse pays for the
 * deferral is one test and one call per choice.
 */
export class LazyLookahead implements ILookaheadStrategy {
  private readonly llk: ILookaheadStrategy;

  constructor(maxLookahead: number) {
    this.llk = new LLkLookaheadStrategy({ maxLookahead });
  }

  validate(options: Parameters<ILookaheadStrategy['validate']>[0]): ReturnType<ILookaheadStrategy['validate']> {
    return this.llk.validate(options);
  }

  initialize(options: { rules: Rule[] }): void {
    this.llk.initialize?.(options);
  }

  buildLookaheadForAlternation(options: {
    prodOccurrence: number;
    rule: Rule;
    maxLookahead: number;
    hasPredicates: boolean;
    dynamicTokensEnabled: boolean;
  }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    const llk = this.llk;
    let built: ((orAlts?: IOrAlt<unknown>[]) => number | undefined) | undefined;
    // A function expression, not an arrow: Chevrotain calls it with the parser as `this`, which the built function reads.
    return function (this: unknown, orAlts?: IOrAlt<unknown>[]) {
      built ??= llk.buildLookaheadForAlternation(options);
      return built.call(this, orAlts);
    };
  }

  buildLookaheadForOptional(options: {
    prodOccurrence: number;
    prodType: OptionalProductionType;
    rule: Rule;
    maxLookahead: number;
    dynamicTokensEnabled: boolean;
  }): () => boolean {
    const llk = this.llk;
    let built: (() => boolean) | undefined;
    return function (this: unknown) {
      built ??= llk.buildLookaheadForOptional(options);
      return built.call(this);
    };
  }
}
