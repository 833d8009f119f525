import {
  Alternation,
  type Alternative,
  createToken,
  EmbeddedActionsParser,
  EOF,
  type IOrAlt,
  type IProduction,
  LLkLookaheadStrategy,
  NonTerminal,
  type OptionalProductionType,
  type Rule,
  Terminal,
  type TokenType,
} from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { FirstTokenLookahead, firstTokens } from './first-token-lookahead.js';
import { grammarRules } from './parser.js';
import { parserTokens } from './tokens.js';

const OPTIONAL: Record<string, OptionalProductionType> = {
  Option: 'Option',
  Repetition: 'Repetition',
  RepetitionMandatory: 'RepetitionMandatory',
  RepetitionWithSeparator: 'RepetitionWithSeparator',
  RepetitionMandatoryWithSeparator: 'RepetitionMandatoryWithSeparator',
};

/** Every choice of a rule's own definition, as the parser asks the strategy for it. */
function choices(rule: Rule): { kind: string; idx: number; hasPredicates: boolean; alternatives: number }[] {
  const found: { kind: string; idx: number; hasPredicates: boolean; alternatives: number }[] = [];
  const visit = (production: IProduction) => {
    if (production instanceof Terminal || production instanceof NonTerminal) return;
    const p = production as IProduction & { idx: number; definition: IProduction[]; hasPredicates?: boolean };
    const kind = p.constructor.name;
    if (p instanceof Alternation) found.push({ kind, idx: p.idx, hasPredicates: p.hasPredicates === true, alternatives: p.definition.length });
    else if (OPTIONAL[kind]) found.push({ kind, idx: p.idx, hasPredicates: false, alternatives: 0 });
    p.definition.forEach(visit);
  };
  rule.definition.forEach(visit);
  return found;
}

const token = (type: TokenType) => ({ tokenTypeIdx: type.tokenTypeIdx!, tokenType: type });
const reader = (type: TokenType) => ({ LA_FAST: () => token(type) });

/** Each GATE pattern tried on a choice with predicates: all open, all closed, and every single one closed. */
function gatePatterns(alternatives: number): boolean[][] {
  const open = Array.from({ length: alternatives }, () => true);
  return [open, open.map(() => false), ...open.map((_, i) => open.map((__, j) => j !== i))];
}

/** Compares every decision of every choice in the rules, for every token type, with Chevrotain's LL(1) strategy. */
function compareWithChevrotain(rules: Rule[], types: TokenType[]): number {
  const ours = new FirstTokenLookahead();
  const theirs = new LLkLookaheadStrategy({ maxLookahead: 1 });
  let decisions = 0;
  for (const rule of rules) {
    for (const choice of choices(rule)) {
      const where = `${rule.name} ${choice.kind}${choice.idx}`;
      if (choice.kind === 'Alternation') {
        const options = { prodOccurrence: choice.idx, rule, maxLookahead: 1, hasPredicates: choice.hasPredicates, dynamicTokensEnabled: false };
        const a = ours.buildLookaheadForAlternation(options);
        const b = theirs.buildLookaheadForAlternation(options);
        const patterns = choice.hasPredicates ? gatePatterns(choice.alternatives) : [undefined];
        for (const pattern of patterns) {
          const orAlts = pattern?.map((open) => ({ ALT: () => undefined, GATE: () => open })) as IOrAlt<unknown>[] | undefined;
          for (const type of types) {
            expect(a.call(reader(type), orAlts), `${where} on ${type.name}, gates ${pattern}`).toBe(b.call(reader(type), orAlts));
            decisions++;
          }
        }
      } else {
        const options = { prodOccurrence: choice.idx, rule, maxLookahead: 1, prodType: OPTIONAL[choice.kind]!, dynamicTokensEnabled: false };
        const a = ours.buildLookaheadForOptional(options);
        const b = theirs.buildLookaheadForOptional(options);
        for (const type of types) {
          expect(a.call(reader(type)), `${where} on ${type.name}`).toBe(b.call(reader(type)));
          decisions++;
        }
      }
    }
  }
  return decisions;
}

// A grammar with what UserFn's lacks: an alternative that can be empty before others, gated
// alternatives, separators, a category token, a rule that can be empty called first.
// (A repetition that can match nothing is an error Chevrotain's own analysis cannot survive.)
const Kw = createToken({ name: 'Kw', pattern: /kw/ });
const A = createToken({ name: 'A', pattern: /a/, categories: [Kw] });
const B = createToken({ name: 'B', pattern: /b/ });
const C = createToken({ name: 'C', pattern: /c/ });
const Comma = createToken({ name: 'Comma', pattern: /,/ });
const tinyTokens = [Kw, A, B, C, Comma];

class Tiny extends EmbeddedActionsParser {
  constructor() {
    super(tinyTokens, { maxLookahead: 1, skipValidations: true });
    this.performSelfAnalysis();
  }

  top = this.RULE('top', () => {
    this.OR([{ ALT: () => this.CONSUME(B) }, { ALT: () => this.SUBRULE(this.maybe) }, { ALT: () => this.CONSUME(C) }]);
    this.OR2([{ GATE: () => true, ALT: () => this.CONSUME(Kw) }, { ALT: () => this.CONSUME2(B) }, { ALT: () => this.CONSUME2(C) }]);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        this.SUBRULE2(this.maybe);
        this.CONSUME3(B);
      },
    });
    this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => this.CONSUME3(C) });
    this.AT_LEAST_ONE(() => {
      this.SUBRULE3(this.maybe);
      this.CONSUME5(C);
    });
    this.OPTION(() => {
      this.SUBRULE4(this.maybe);
      this.CONSUME4(B);
    });
    // an optional part that can match nothing: always entered
    this.OPTION2(() => this.SUBRULE5(this.maybe));
  });

  maybe = this.RULE('maybe', () => {
    this.OPTION(() => this.CONSUME(A));
  });
}

describe('FirstTokenLookahead', () => {
  it('decides every choice of the UserFn grammar as Chevrotain’s LL(1) strategy does, for every token type', () => {
    const rules = grammarRules();
    expect(rules.length).toBeGreaterThanOrEqual(6);
    const kinds = new Set(rules.flatMap((r) => choices(r).map((c) => c.kind)));
    expect([...kinds].sort()).toEqual(['Alternation', 'Option', 'Repetition', 'RepetitionMandatory']);
    const decisions = compareWithChevrotain(rules, [...parserTokens, EOF]);
    expect(decisions).toBeGreaterThan(500);
  });

  it('decides as Chevrotain does where a choice can be empty, is gated, has separators or tests a category', () => {
    const rules = Object.values(new Tiny().getGAstProductions());
    const kinds = new Set(rules.flatMap((r) => choices(r).map((c) => c.kind)));
    expect([...kinds].sort()).toEqual(['Alternation', 'Option', 'RepetitionMandatory', 'RepetitionMandatoryWithSeparator', 'RepetitionWithSeparator']);
    expect(compareWithChevrotain(rules, [...tinyTokens, EOF])).toBeGreaterThan(50);
  });

  it('computes first tokens through rules that can be empty, and through categories', () => {
    const top = Object.values(new Tiny().getGAstProductions()).find((r) => r.name === 'top')!;
    const alternation = top.definition[0] as Alternation;
    const ofAlternative = (i: number) => firstTokens((alternation.definition[i] as Alternative).definition);
    expect(ofAlternative(0)).toEqual({ types: new Set([B.tokenTypeIdx]), empty: false });
    // `maybe` is OPTION(A): it starts with A or matches nothing
    expect(ofAlternative(1)).toEqual({ types: new Set([A.tokenTypeIdx]), empty: true });
    // the category Kw matches A as well as itself
    const gated = top.definition[1] as Alternation;
    expect(firstTokens((gated.definition[0] as Alternative).definition).types).toEqual(new Set([Kw.tokenTypeIdx, A.tokenTypeIdx]));
    // the whole rule cannot be empty: its first choice's alternatives B and C consume, `maybe` does not, but OR2 always consumes
    expect(firstTokens(top.definition).empty).toBe(false);
  });

  it('names the production it cannot find, and refuses a choice that asks for more than one token', () => {
    const rule = grammarRules()[0]!;
    const strategy = new FirstTokenLookahead();
    expect(() => strategy.buildLookaheadForAlternation({ prodOccurrence: 99, rule, maxLookahead: 1, hasPredicates: false })).toThrow(
      `no Alternation with occurrence 99 in rule ${rule.name}`,
    );
    expect(() => strategy.buildLookaheadForOptional({ prodOccurrence: 0, prodType: 'Repetition', rule, maxLookahead: 2 })).toThrow(
      /asks for 2 tokens of lookahead; this strategy decides on one/,
    );
  });
});
