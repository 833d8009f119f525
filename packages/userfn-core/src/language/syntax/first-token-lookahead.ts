import {
  Alternation,
  type Alternative,
  type IOrAlt,
  type IProduction,
  type IProductionWithOccurrence,
  type ILookaheadStrategy,
  LLkLookaheadStrategy,
  NonTerminal,
  Option,
  type OptionalProductionType,
  Repetition,
  RepetitionMandatory,
  RepetitionMandatoryWithSeparator,
  RepetitionWithSeparator,
  type Rule,
  Terminal,
  type TokenType,
} from 'chevrotain';

/**
 * Chevrotain's lookahead at k = 1, computed from first-token sets.
 *
 * Every choice of the grammar is decided by its first token (parser.ts), and
 * at k = 1 what Chevrotain's LL(k) strategy computes for a choice comes down
 * to, for each alternative, the token types it can start with and whether it
 * can be empty. It gets there through its general path analysis (the paths of
 * every length up to k, hashed and compared across alternatives), and that
 * analysis was the largest part of the first parse of a process: about
 * 1.4 ms of the first compile. This strategy computes the sets directly from
 * the same recorded grammar, and decides the same way: the first alternative
 * (in order, its GATE allowing) that starts with the token or can be empty;
 * an optional part is entered when it starts with the token or can be empty.
 * first-token-lookahead.test.ts holds every decision of the grammar equal to
 * Chevrotain's own strategy's, for every token type.
 *
 * Dynamic token types are not supported: the parser does not enable them.
 */
export class FirstTokenLookahead implements ILookaheadStrategy {
  /** Chevrotain's own checks of the grammar (run by the test suite only: parser.ts). */
  private readonly llk = new LLkLookaheadStrategy({ maxLookahead: 1 });

  validate(options: Parameters<ILookaheadStrategy['validate']>[0]): ReturnType<ILookaheadStrategy['validate']> {
    return this.llk.validate(options);
  }

  buildLookaheadForAlternation(options: {
    prodOccurrence: number;
    rule: Rule;
    maxLookahead: number;
    hasPredicates: boolean;
  }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    oneToken(options);
    const alternation = findProduction(options.rule, Alternation, options.prodOccurrence);
    const alternatives = alternation.definition.map((alternative) => firstTokens((alternative as Alternative).definition));
    if (options.hasPredicates) {
      return function (this: Reader, orAlts?: IOrAlt<unknown>[]) {
        const next = this.LA_FAST(1).tokenTypeIdx;
        for (let i = 0; i < alternatives.length; i++) {
          const gate = orAlts?.[i]?.GATE;
          if (gate !== undefined && gate.call(this) === false) continue;
          const { types, empty } = alternatives[i]!;
          if (empty || types.has(next)) return i;
        }
        return undefined;
      };
    }
    // The first alternative that can be empty takes every token no earlier alternative starts with.
    const emptyAt = alternatives.findIndex((a) => a.empty);
    const fallback = emptyAt === -1 ? undefined : emptyAt;
    const choice: (number | undefined)[] = [];
    alternatives.forEach(({ types }, i) => {
      for (const type of types) if (choice[type] === undefined && (fallback === undefined || i < fallback)) choice[type] = i;
    });
    return function (this: Reader) {
      return choice[this.LA_FAST(1).tokenTypeIdx] ?? fallback;
    };
  }

  buildLookaheadForOptional(options: { prodOccurrence: number; prodType: OptionalProductionType; rule: Rule; maxLookahead: number }): () => boolean {
    oneToken(options);
    const production = findProduction(options.rule, OPTIONAL_KINDS[options.prodType], options.prodOccurrence);
    const { types, empty } = firstTokens(production.definition);
    if (empty) return () => true;
    const starts: boolean[] = [];
    for (const type of types) starts[type] = true;
    return function (this: Reader) {
      return starts[this.LA_FAST(1).tokenTypeIdx] === true;
    };
  }
}

/** A choice that asks for more than one token of lookahead (MAX_LOOKAHEAD) would be decided wrongly here: refused. */
function oneToken(options: { rule: Rule; maxLookahead: number; prodOccurrence: number }): void {
  if (options.maxLookahead > 1)
    throw new Error(
      `rule ${options.rule.name}: a choice (occurrence ${options.prodOccurrence}) asks for ${options.maxLookahead} tokens of lookahead; this strategy decides on one`,
    );
}

/** What the lookahead functions read of the parser they are called on. */
interface Reader {
  LA_FAST(offset: number): { tokenTypeIdx: number };
}

/** What a part of the grammar can start with: token type indices, and whether it can match nothing. */
export interface FirstTokens {
  readonly types: ReadonlySet<number>;
  readonly empty: boolean;
}

type WithDefinition = IProductionWithOccurrence & { definition: IProduction[] };
type ProductionClass = abstract new (...args: never[]) => WithDefinition;

const OPTIONAL_KINDS: Record<OptionalProductionType, ProductionClass> = {
  Option,
  Repetition,
  RepetitionMandatory,
  RepetitionWithSeparator,
  RepetitionMandatoryWithSeparator,
};

/** The production of this kind and occurrence index in the rule's own definition (not in the rules it calls). */
function findProduction<P extends WithDefinition>(rule: Rule, kind: abstract new (...args: never[]) => P, occurrence: number): P {
  const pending: IProduction[] = [...rule.definition];
  while (pending.length > 0) {
    const production = pending.pop()!;
    if (production.constructor === kind && (production as P).idx === occurrence) return production as P;
    if (!(production instanceof NonTerminal) && !(production instanceof Terminal)) pending.push(...(production as WithDefinition).definition);
  }
  throw new Error(`no ${kind.name} with occurrence ${occurrence} in rule ${rule.name}`);
}

/** The first tokens of a sequence of productions. */
export function firstTokens(sequence: readonly IProduction[]): FirstTokens {
  const types = new Set<number>();
  return { types, empty: addSequence(sequence, types, new Set()) };
}

/** Adds the sequence's first tokens; true when the whole sequence can match nothing. */
function addSequence(sequence: readonly IProduction[], into: Set<number>, entered: Set<Rule>): boolean {
  for (const production of sequence) if (!addProduction(production, into, entered)) return false;
  return true;
}

function addProduction(production: IProduction, into: Set<number>, entered: Set<Rule>): boolean {
  if (production instanceof Terminal) {
    addTokenType(production.terminalType, into);
    return false;
  }
  if (production instanceof NonTerminal) {
    const rule = production.referencedRule;
    // Only a left-recursive grammar gets here, and Chevrotain's validations reject those (grammar-validation.test.ts).
    if (entered.has(rule)) throw new Error(`rule ${rule.name} is left-recursive`);
    entered.add(rule);
    const empty = addSequence(rule.definition, into, entered);
    entered.delete(rule);
    return empty;
  }
  if (production instanceof Alternation) {
    let empty = false;
    for (const alternative of production.definition) if (addSequence((alternative as Alternative).definition, into, entered)) empty = true;
    return empty;
  }
  const { definition } = production as WithDefinition;
  const inside = addSequence(definition, into, entered);
  // May be skipped: an OPTION, a MANY, a MANY_SEP. AT_LEAST_ONE(_SEP) and an alternative match what they contain.
  return production instanceof Option || production instanceof Repetition || production instanceof RepetitionWithSeparator || inside;
}

/** A token type and, when it is a category, every type in it (what Chevrotain's token matcher accepts for it). */
function addTokenType(type: TokenType, into: Set<number>): void {
  into.add(type.tokenTypeIdx!);
  for (const member of type.categoryMatches ?? []) into.add(member);
}
