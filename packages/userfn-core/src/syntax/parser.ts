import { CstParser, EOF, type CstNode, type IRecognitionException, type IToken } from 'chevrotain';
import * as T from './tokens.js';

/*
 * The grammar is deliberately permissive: every part that a user can forget
 * (an operand, a closing bracket, `then`, `else`, an argument) is optional
 * here, operators and operands are read as one flat sequence, and any token
 * that cannot start an expression is accepted at the top level as "stray".
 * So Chevrotain accepts every token sequence, and cst-to-ast.ts decides what
 * is wrong, with one precise error per mistake and a partial AST around it.
 * Chevrotain's own recovery (enabled) is only a safety net.
 *
 * Flat operator sequences also keep the recursion shallow: precedence (the
 * ternary included) is resolved iteratively in sequence.ts, so `1+1+...+1`,
 * `not not ... x` or `a ? b : c ? ...` cost no stack at all, and a bracket
 * level costs two rule calls (expression -> primary). limits-guard.ts bounds
 * the nesting before this parser ever sees the tokens.
 */
class UserFnParser extends CstParser {
  /**
   * `validate`: run Chevrotain's grammar validations (ambiguities, left
   * recursion). They cost about a third of the parser's construction, which
   * every process and every batch worker pays before its first parse, and
   * the grammar is fixed: the test suite runs them (validateGrammar), the
   * shipped parser skips them.
   */
  constructor(validate = false) {
    super(T.parserTokens, { recoveryEnabled: true, nodeLocationTracking: 'onlyOffset', maxLookahead: 2, skipValidations: !validate });
    this.performSelfAnalysis();
  }

  /** An expression, then stray tokens each followed by another (discarded) expression. */
  program = this.RULE('program', () => {
    this.SUBRULE(this.expression);
    this.MANY(() => {
      this.CONSUME(T.Stray, { LABEL: 'stray' });
      this.SUBRULE2(this.expression);
    });
    this.CONSUME(EOF);
  });

  /**
   * Operators (binary and prefix), `?`, `:` and operands in any order, possibly
   * none: cst-to-ast checks the order, resolves precedence (the ternary
   * included) and reports what is missing. A `:` with no open `?` in this
   * expression ends it: it belongs to an enclosing ternary, as in
   * `c ? if (a) 1 else 2 : 3`.
   */
  expression = this.RULE('expression', () => {
    this.openQuestions.push(0);
    this.MANY(this.expressionItems);
    this.openQuestions.pop();
  });

  /**
   * The `?`s still open in each expression being parsed, innermost last. (An
   * instance stack, not a local, so that the MANY/OR arguments below are built
   * once: Chevrotain re-reads them on every call, and allocating nine closures
   * per operand was a tenth of the parse time.)
   */
  private readonly openQuestions: number[] = [];

  private readonly expressionAlternatives = [
    { ALT: () => this.CONSUME(T.Operator, { LABEL: 'operator' }) },
    {
      ALT: () => {
        this.CONSUME(T.Question, { LABEL: 'operator' });
        this.openQuestions[this.openQuestions.length - 1]!++;
      },
    },
    {
      ALT: () => {
        this.CONSUME(T.Colon, { LABEL: 'operator' });
        this.openQuestions[this.openQuestions.length - 1]!--;
      },
    },
    { ALT: () => this.SUBRULE(this.primary, { LABEL: 'operand' }) },
  ];

  private readonly expressionItems = {
    GATE: () => (this.openQuestions[this.openQuestions.length - 1] ?? 0) > 0 || this.LA(1).tokenType !== T.Colon,
    DEF: () => this.OR(this.expressionAlternatives),
  };

  /** literals, `( expr )`, lists, calls (or a bare name), `if` forms; then any (invalid) `.x` / `[i]`. */
  primary = this.RULE('primary', () => {
    this.OR(this.primaryAlternatives);
    this.MANY2(this.postfixes);
  });

  private readonly postfixes = () => this.SUBRULE(this.postfix);

  private readonly primaryAlternatives = [
    { ALT: () => this.CONSUME(T.NumberLit, { LABEL: 'literal' }) },
    { ALT: () => this.CONSUME(T.StringLike, { LABEL: 'literal' }) },
    { ALT: () => this.CONSUME(T.True, { LABEL: 'literal' }) },
    { ALT: () => this.CONSUME(T.False, { LABEL: 'literal' }) },
    { ALT: () => this.CONSUME(T.Null, { LABEL: 'literal' }) },
    {
      ALT: () => {
        this.CONSUME(T.LParen, { LABEL: 'open' });
        this.SUBRULE(this.expression, { LABEL: 'inner' });
        this.OPTION(() => this.CONSUME(T.RParen, { LABEL: 'close' }));
      },
    },
    {
      ALT: () => {
        this.CONSUME(T.LBracket, { LABEL: 'listOpen' });
        this.SUBRULE2(this.expression, { LABEL: 'item' });
        this.MANY(() => {
          this.CONSUME(T.Comma, { LABEL: 'comma' });
          this.SUBRULE3(this.expression, { LABEL: 'item' });
        });
        this.OPTION2(() => this.CONSUME(T.RBracket, { LABEL: 'listClose' }));
      },
    },
    {
      ALT: () => {
        this.CONSUME(T.Identifier, { LABEL: 'name' });
        this.OPTION3(() => this.SUBRULE(this.args));
      },
    },
    { ALT: () => this.SUBRULE(this.ifExpression) },
  ];

  /** `( a, b )` of a call; empty parts are reported by cst-to-ast. */
  args = this.RULE('args', () => {
    this.CONSUME(T.LParen, { LABEL: 'open' });
    this.SUBRULE(this.expression, { LABEL: 'argument' });
    this.MANY(() => {
      this.CONSUME(T.Comma, { LABEL: 'comma' });
      this.SUBRULE2(this.expression, { LABEL: 'argument' });
    });
    this.OPTION(() => this.CONSUME(T.RParen, { LABEL: 'close' }));
  });

  /** Member access `.name`, `.name(args)` or indexing `[i]`: never valid, parsed to report it well. */
  postfix = this.RULE('postfix', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Dot, { LABEL: 'dot' });
          this.OPTION(() => this.CONSUME(T.Word, { LABEL: 'member' }));
          this.OPTION2(() => this.SUBRULE(this.args));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LBracket, { LABEL: 'open' });
          this.SUBRULE(this.expression, { LABEL: 'index' });
          this.OPTION3(() => this.CONSUME(T.RBracket, { LABEL: 'close' }));
        },
      },
    ]);
  });

  /**
   * `if (c) a else b`, `if (c) then a else b`, `if c then a else b`, `if(c, a, b)`.
   * A `(` right after `if` always opens the parenthesised condition; a `,`
   * after the condition makes it the function form. Branch parts are flat
   * OPTIONs (not nested) to keep the recursion per `if` level short.
   */
  ifExpression = this.RULE('ifExpression', () => {
    this.CONSUME(T.If, { LABEL: 'if' });
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.LParen, { LABEL: 'open' });
            this.SUBRULE(this.expression, { LABEL: 'test' });
            this.OR2([
              {
                ALT: () => {
                  this.AT_LEAST_ONE(() => {
                    this.CONSUME(T.Comma, { LABEL: 'comma' });
                    this.SUBRULE2(this.expression, { LABEL: 'argument' });
                  });
                  this.OPTION(() => this.CONSUME(T.RParen, { LABEL: 'close' }));
                },
              },
              {
                ALT: () => {
                  this.OPTION2(() => this.CONSUME2(T.RParen, { LABEL: 'close' }));
                  this.OPTION3(() => this.CONSUME(T.Then, { LABEL: 'then' }));
                  this.SUBRULE3(this.expression, { LABEL: 'consequent' });
                  this.OPTION4(() => this.CONSUME(T.Else, { LABEL: 'else' }));
                  this.SUBRULE4(this.expression, { LABEL: 'alternate' });
                },
              },
            ]);
          },
        },
        {
          ALT: () => {
            this.SUBRULE5(this.expression, { LABEL: 'test' });
            this.OPTION5(() => this.CONSUME2(T.Then, { LABEL: 'then' }));
            this.SUBRULE6(this.expression, { LABEL: 'consequent' });
            this.OPTION6(() => this.CONSUME2(T.Else, { LABEL: 'else' }));
            this.SUBRULE7(this.expression, { LABEL: 'alternate' });
          },
        },
      ],
    });
  });
}

let parser: UserFnParser | undefined;

/** The result of running the grammar over a token stream. */
export interface CstResult {
  readonly cst: CstNode;
  /** Chevrotain's own errors: expected to be empty, since the grammar accepts every token sequence. */
  readonly errors: readonly IRecognitionException[];
}

/** Builds the parser with Chevrotain's grammar validations on; throws on any grammar error (for the test suite). */
export function validateGrammar(): void {
  new UserFnParser(true);
}

/** Parses significant tokens into a CST with the one shared parser instance. */
export function parseTokens(tokens: IToken[]): CstResult {
  parser ??= new UserFnParser();
  parser.input = tokens;
  const cst = parser.program();
  return { cst, errors: parser.errors };
}
