import { EmbeddedActionsParser, EOF, type IRecognitionException, type IToken, type Rule } from 'chevrotain';
import type { ArgsCst, BaseCst, ExpressionCst, IfCst, ListCst, PostfixCst, PrimaryCst, ProgramCst, SequenceItem } from './cst.js';
import { FirstTokenLookahead } from './first-token-lookahead.js';
import { endRecording } from './recording.js';
import * as T from './tokens.js';

/*
 * The grammar is deliberately permissive: every part that a user can forget
 * (an operand, a closing bracket, `then`, `else`, an argument) is optional
 * here, operators and operands are read as one flat sequence, and any token
 * that cannot start an expression is accepted at the top level as "stray".
 * So Chevrotain accepts every token sequence, and cst-to-ast.ts decides what
 * is wrong, with one precise error per mistake and a partial AST around it.
 * Chevrotain's own error recovery is off: it never had anything to recover
 * from (the trees and diagnostics of 2,001,145 sources, the conformance
 * sources and random token sequences of 1 to 30 tokens, were the same with
 * it on and off), and turning it on makes the constructor compute the follow
 * sets it resynchronises with, about 2 ms of every process's first compile
 * (14.3 -> 12.2 ms, median of 5 fresh processes). Were the grammar ever to
 * fail, the top rule's recoveryValueFunc gives an empty program and
 * Chevrotain's error is reported (cst-to-ast.ts, chevrotainErrors);
 * robustness.test.ts holds that Chevrotain reports none.
 *
 * Flat operator sequences also keep the recursion shallow: precedence (the
 * ternary included) is resolved iteratively in sequence.ts, so `1+1+...+1`,
 * `not not ... x` or `a ? b : c ? ...` cost no stack at all, and a bracket
 * level costs two rule calls (expression -> primary). limits-guard.ts bounds
 * the nesting before this parser ever sees the tokens.
 *
 * The actions build the small records of cst.ts: Chevrotain's generic CST,
 * and reading it back, took more than half of parsing. The closures handed to
 * OR and MANY on the common paths are built once per parser (Chevrotain reads
 * them on every call; allocating them per operand was a tenth of the parse
 * time), so they find the record they add to on the instance stacks below.
 */

/** An expression being parsed: its items so far, and how many of its `?` still wait for their `:`. */
interface ExpressionFrame extends ExpressionCst {
  questions: number;
}

/** An operand being parsed: its postfixes are added as they come. */
interface PrimaryFrame {
  readonly base: BaseCst;
  postfixes: PostfixCst[];
}

/** Shared by every operand without postfixes (nearly all): never added to. */
const NO_POSTFIXES: PostfixCst[] = Object.freeze([]) as unknown as PostfixCst[];

const emptyExpression = (): ExpressionCst => ({ items: [] });
const emptyProgram = (): ProgramCst => ({ expressions: [emptyExpression()], strays: [] });
const nothing = (): undefined => undefined;

class UserFnParser extends EmbeddedActionsParser {
  /** The expressions being parsed, innermost last. */
  private readonly expressions: ExpressionFrame[] = [];
  /** The lists and argument groups being parsed, innermost last. */
  private readonly groups: { readonly items: ExpressionCst[]; readonly commas: IToken[] }[] = [];
  /** The operands being parsed, innermost last. */
  private readonly primaries: PrimaryFrame[] = [];

  /**
   * `validate`: run Chevrotain's grammar validations (ambiguities, left
   * recursion). They cost about a third of the parser's construction, which
   * every process and every batch worker pays before its first parse, and
   * the grammar is fixed: the test suite runs them (validateGrammar), the
   * shipped parser skips them.
   *
   * `maxLookahead: 1`: every choice of the grammar is decided by its first
   * token (the validations find no ambiguity at k = 1; the `if (` choice
   * ignores its ambiguity on purpose), and computing the lookahead functions
   * for k = 2 cost a quarter of the first compile of a process (34 -> 26 ms
   * of CPU). Parsing 168,658 inputs (the conformance sources and random
   * token sequences) gave the same trees and diagnostics with k = 1 and 2.
   * The lookahead functions come from the first-token sets of each choice
   * (first-token-lookahead.ts): the same decisions as Chevrotain's LL(k)
   * strategy at k = 1, without its general path analysis (first compile of a
   * process 10.4 -> 8.7 ms, median of 11 fresh processes).
   */
  constructor(validate = false) {
    super(T.parserTokens, { recoveryEnabled: false, maxLookahead: 1, skipValidations: !validate, lookaheadStrategy: new FirstTokenLookahead() });
    this.performSelfAnalysis();
  }

  /** Called by Chevrotain's performSelfAnalysis in place of its own: see recording.ts. */
  disableRecording(): void {
    endRecording(this);
  }

  /** Drops what a parse that threw (a bug or stack exhaustion) may have left on the stacks. */
  clearStacks(): void {
    // (setting an array's length is a runtime call even when it changes nothing)
    if (this.expressions.length > 0) this.expressions.length = 0;
    if (this.groups.length > 0) this.groups.length = 0;
    if (this.primaries.length > 0) this.primaries.length = 0;
  }

  /** An expression, then stray tokens each followed by another (discarded) expression. */
  program = this.RULE(
    'program',
    (): ProgramCst => {
      const program: ProgramCst = { expressions: [this.SUBRULE(this.expression)], strays: [] };
      this.MANY(() => {
        // taken on the lookahead: a real token
        program.strays.push(this.CONSUME(T.Stray));
        program.expressions.push(this.SUBRULE2(this.expression));
      });
      this.CONSUME(EOF);
      return program;
    },
    { recoveryValueFunc: emptyProgram },
  );

  /**
   * Operators (binary and prefix), `?`, `:` and operands in any order, possibly
   * none: cst-to-ast checks the order, resolves precedence (the ternary
   * included) and reports what is missing. A `:` with no open `?` in this
   * expression ends it: it belongs to an enclosing ternary, as in
   * `c ? if (a) 1 else 2 : 3`.
   */
  expression = this.RULE(
    'expression',
    (): ExpressionCst => {
      const frame: ExpressionFrame = { items: [], questions: 0 };
      this.expressions.push(frame);
      try {
        this.MANY(this.expressionItems);
      } finally {
        this.expressions.pop();
      }
      return frame;
    },
    { recoveryValueFunc: emptyExpression },
  );

  private frame(): ExpressionFrame {
    return this.expressions[this.expressions.length - 1]!;
  }

  private add(item: SequenceItem): void {
    this.frame().items.push(item);
  }

  private readonly expressionAlternatives = [
    { ALT: () => this.add({ token: this.CONSUME(T.Operator) }) },
    {
      ALT: () => {
        this.add({ token: this.CONSUME(T.Question) });
        this.frame().questions++;
      },
    },
    {
      ALT: () => {
        this.add({ token: this.CONSUME(T.Colon) });
        this.frame().questions--;
      },
    },
    {
      ALT: () => {
        const operand = this.SUBRULE(this.primary);
        if (operand !== undefined) this.add({ operand });
      },
    },
  ];

  private readonly expressionItems = {
    GATE: () => this.frame().questions > 0 || this.LA(1).tokenType !== T.Colon,
    DEF: () => this.OR(this.expressionAlternatives),
  };

  /** literals, `( expr )`, lists, calls (or a bare name), `if` forms; then any (invalid) `.x` / `[i]`. */
  primary = this.RULE(
    'primary',
    (): PrimaryCst | undefined => {
      const base = this.OR(this.primaryAlternatives);
      const primary: PrimaryFrame = { base: base!, postfixes: NO_POSTFIXES };
      this.primaries.push(primary);
      try {
        this.MANY2(this.postfixes);
      } finally {
        this.primaries.pop();
      }
      // never without a base (no rule below the top gives a recovery value); kept total
      return base === undefined ? undefined : primary;
    },
    { recoveryValueFunc: nothing },
  );

  private readonly postfixes = () => {
    const postfix = this.SUBRULE(this.postfix);
    const primary = this.primaries[this.primaries.length - 1]!;
    if (postfix === undefined) return;
    if (primary.postfixes === NO_POSTFIXES) primary.postfixes = [];
    primary.postfixes.push(postfix);
  };

  private readonly primaryAlternatives = [
    { ALT: (): BaseCst | undefined => ({ kind: 'literal', head: this.CONSUME(T.NumberLit) }) },
    { ALT: (): BaseCst | undefined => ({ kind: 'literal', head: this.CONSUME(T.StringLike) }) },
    { ALT: (): BaseCst | undefined => ({ kind: 'literal', head: this.CONSUME(T.True) }) },
    { ALT: (): BaseCst | undefined => ({ kind: 'literal', head: this.CONSUME(T.False) }) },
    { ALT: (): BaseCst | undefined => ({ kind: 'literal', head: this.CONSUME(T.Null) }) },
    {
      ALT: (): BaseCst | undefined => {
        const head = this.CONSUME(T.LParen);
        const inner = this.SUBRULE(this.expression);
        return { kind: 'paren', head, inner, close: this.OPTION(this.parenClose) };
      },
    },
    {
      ALT: (): BaseCst | undefined => {
        const list: ListCst = { kind: 'list', head: this.CONSUME(T.LBracket), items: [this.SUBRULE2(this.expression)], commas: [], close: undefined };
        this.groups.push(list);
        try {
          this.MANY(this.listItems);
        } finally {
          this.groups.pop();
        }
        list.close = this.OPTION2(this.listClose);
        return list;
      },
    },
    { ALT: (): BaseCst | undefined => ({ kind: 'name', head: this.CONSUME(T.Identifier), args: this.OPTION3(this.callArgs) }) },
    { ALT: (): BaseCst | undefined => this.SUBRULE(this.ifExpression) },
  ];

  private readonly parenClose = () => this.CONSUME(T.RParen);
  private readonly listClose = () => this.CONSUME(T.RBracket);
  private readonly callArgs = () => this.SUBRULE(this.args);
  private readonly listItems = () => {
    const list = this.groups[this.groups.length - 1]!;
    list.commas.push(this.CONSUME(T.Comma));
    list.items.push(this.SUBRULE3(this.expression));
  };

  /** `( a, b )` of a call; empty parts are reported by cst-to-ast. */
  args = this.RULE(
    'args',
    (): ArgsCst | undefined => {
      const args: ArgsCst = { open: this.CONSUME(T.LParen), items: [this.SUBRULE(this.expression)], commas: [], close: undefined };
      this.groups.push(args);
      try {
        this.MANY(this.argItems);
      } finally {
        this.groups.pop();
      }
      args.close = this.OPTION(this.argsClose);
      return args;
    },
    { recoveryValueFunc: nothing },
  );

  private readonly argsClose = () => this.CONSUME(T.RParen);
  private readonly argItems = () => {
    const args = this.groups[this.groups.length - 1]!;
    args.commas.push(this.CONSUME(T.Comma));
    args.items.push(this.SUBRULE2(this.expression));
  };

  /** Member access `.name`, `.name(args)` or indexing `[i]`: never valid, parsed to report it well. */
  postfix = this.RULE(
    'postfix',
    (): PostfixCst | undefined =>
      this.OR([
        {
          ALT: () => {
            const dot = this.CONSUME(T.Dot);
            const member = this.OPTION(() => this.CONSUME(T.Word));
            const args = this.OPTION2(() => this.SUBRULE(this.args));
            return { dot, member, args, open: undefined, index: undefined, close: undefined };
          },
        },
        {
          ALT: () => {
            const open = this.CONSUME(T.LBracket);
            const index = this.SUBRULE(this.expression);
            const close = this.OPTION3(() => this.CONSUME(T.RBracket));
            return { dot: undefined, member: undefined, args: undefined, open, index, close };
          },
        },
      ]),
    { recoveryValueFunc: nothing },
  );

  /**
   * `if (c) a else b`, `if (c) then a else b`, `if c then a else b`, `if(c, a, b)`.
   * A `(` right after `if` always opens the parenthesised condition; a `,`
   * after the condition makes it the function form. Branch parts are flat
   * OPTIONs (not nested) to keep the recursion per `if` level short.
   */
  ifExpression = this.RULE(
    'ifExpression',
    (): IfCst | undefined => {
      const node: IfCst = {
        kind: 'if',
        head: this.CONSUME(T.If),
        open: undefined,
        test: emptyExpression(),
        commas: [],
        arguments: [],
        close: undefined,
        then: undefined,
        consequent: undefined,
        else: undefined,
        alternate: undefined,
      };
      this.OR({
        IGNORE_AMBIGUITIES: true,
        DEF: [
          {
            ALT: () => {
              node.open = this.CONSUME(T.LParen);
              node.test = this.SUBRULE(this.expression);
              this.OR2([
                {
                  ALT: () => {
                    this.AT_LEAST_ONE(() => {
                      node.commas.push(this.CONSUME(T.Comma));
                      node.arguments.push(this.SUBRULE2(this.expression));
                    });
                    node.close = this.OPTION(() => this.CONSUME(T.RParen));
                  },
                },
                {
                  ALT: () => {
                    node.close = this.OPTION2(() => this.CONSUME2(T.RParen));
                    node.then = this.OPTION3(() => this.CONSUME(T.Then));
                    node.consequent = this.SUBRULE3(this.expression);
                    node.else = this.OPTION4(() => this.CONSUME(T.Else));
                    node.alternate = this.SUBRULE4(this.expression);
                  },
                },
              ]);
            },
          },
          {
            ALT: () => {
              node.test = this.SUBRULE5(this.expression);
              node.then = this.OPTION5(() => this.CONSUME2(T.Then));
              node.consequent = this.SUBRULE6(this.expression);
              node.else = this.OPTION6(() => this.CONSUME2(T.Else));
              node.alternate = this.SUBRULE7(this.expression);
            },
          },
        ],
      });
      return node;
    },
    { recoveryValueFunc: nothing },
  );
}

let parser: UserFnParser | undefined;

/** The result of running the grammar over a token stream. */
export interface ParsedTokens {
  readonly program: ProgramCst;
  /** Chevrotain's own errors: expected to be empty, since the grammar accepts every token sequence. */
  readonly errors: readonly IRecognitionException[];
}

/** The grammar as Chevrotain recorded it, rule by rule (for the tests of the lookahead). */
export function grammarRules(): Rule[] {
  parser ??= new UserFnParser();
  return Object.values(parser.getGAstProductions());
}

/** Builds the parser with Chevrotain's grammar validations on; throws on any grammar error (for the test suite). */
export function validateGrammar(): void {
  new UserFnParser(true);
}

/** Parses significant tokens into the records of cst.ts with the one shared parser instance. */
export function parseTokens(tokens: IToken[]): ParsedTokens {
  parser ??= new UserFnParser();
  parser.clearStacks();
  parser.input = tokens;
  const program = parser.program() ?? emptyProgram();
  return { program, errors: parser.errors };
}
