import { createToken, Lexer, type TokenType } from 'chevrotain';
import { matchBlockComment, matchDoubleQuoted, matchNumber, matchSingleQuoted, matchUnterminated } from './token-matchers.js';

/*
 * The token vocabulary. Categories group tokens the grammar treats alike:
 * the grammar is deliberately permissive (see parser.ts), so it only needs to
 * know "an operator", "a string", "a token that cannot start an expression";
 * cst-to-ast.ts gives each token its meaning.
 *
 * The patterns are the lexical grammar's definition, in Chevrotain's terms:
 * the lexer the toolkit runs is lexer.ts, written by hand for speed, and
 * lexer.test.ts requires it to make exactly the tokens that Chevrotain's
 * lexer makes from these definitions.
 */

// ---- categories (never matched by the lexer themselves) ----

/** Every binary or prefix operator, words included (`and`, `not`, `in`). */
export const Operator = createToken({ name: 'Operator', pattern: Lexer.NA });
/** Single-quoted, double-quoted (an error) and unterminated strings: all parse as a string literal. */
export const StringLike = createToken({ name: 'StringLike', pattern: Lexer.NA });
/** Tokens that can neither start nor continue an expression at the top level (`)`, `,`, `else` ...). */
export const Stray = createToken({ name: 'Stray', pattern: Lexer.NA });
/** Anything that reads as a name after a `.` (identifiers and keywords), for member-access errors. */
export const Word = createToken({ name: 'Word', pattern: Lexer.NA });

// ---- trivia ----

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\n\r\u2028\u2029]*/ });
export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: matchBlockComment,
  line_breaks: true,
  start_chars_hint: ['/'],
});
/** `/*` with no closing `*\/`: runs to the end of the source (block comments do not nest). */
export const UnterminatedComment = createToken({
  name: 'UnterminatedComment',
  pattern: /\/\*[\s\S]*/,
  line_breaks: true,
});

// ---- literals ----

export const StringLit = createToken({
  name: 'StringLit',
  pattern: matchSingleQuoted,
  line_breaks: true,
  start_chars_hint: ["'"],
  categories: [StringLike],
});
export const DoubleQuotedString = createToken({
  name: 'DoubleQuotedString',
  pattern: matchDoubleQuoted,
  line_breaks: true,
  start_chars_hint: ['"'],
  categories: [StringLike],
});
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: matchUnterminated,
  line_breaks: true,
  start_chars_hint: ["'", '"'],
  categories: [StringLike],
});
/** Also matches malformed numbers (`2.`, `1e`, `0x1F`): one token, so the error names the whole literal. */
export const NumberLit = createToken({
  name: 'NumberLit',
  pattern: matchNumber,
  start_chars_hint: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.'],
});

// ---- names and keywords ----

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/, categories: [Word] });

function keyword(name: string, word: string, categories: TokenType[] = []): TokenType {
  // Case-insensitive; `longer_alt` keeps `android(` or `iffy(` identifiers.
  return createToken({ name, pattern: new RegExp(word, 'i'), longer_alt: Identifier, categories: [Word, ...categories] });
}

export const True = keyword('True', 'true');
export const False = keyword('False', 'false');
export const Null = keyword('Null', 'null');
export const If = keyword('If', 'if');
export const Then = keyword('Then', 'then', [Stray]);
export const Else = keyword('Else', 'else', [Stray]);
export const And = keyword('And', 'and', [Operator]);
export const Or = keyword('Or', 'or', [Operator]);
export const Not = keyword('Not', 'not', [Operator]);
export const In = keyword('In', 'in', [Operator]);

// ---- operators (longest first where they share a prefix) ----

function operator(name: string, pattern: string): TokenType {
  return createToken({ name, pattern, categories: [Operator] });
}

export const StrictEqual = operator('StrictEqual', '===');
export const Equal = operator('Equal', '==');
export const Assign = operator('Assign', '=');
export const StrictNotEqual = operator('StrictNotEqual', '!==');
export const NotEqual = operator('NotEqual', '!=');
export const LessGreater = operator('LessGreater', '<>');
export const LessEqual = operator('LessEqual', '<=');
export const Less = operator('Less', '<');
export const GreaterEqual = operator('GreaterEqual', '>=');
export const Greater = operator('Greater', '>');
export const AmpAmp = operator('AmpAmp', '&&');
export const PipePipe = operator('PipePipe', '||');
export const Bang = operator('Bang', '!');
export const Plus = operator('Plus', '+');
export const Minus = operator('Minus', '-');
export const Star = operator('Star', '*');
export const Slash = operator('Slash', '/');
export const Percent = operator('Percent', '%');

// ---- punctuation ----

export const LParen = createToken({ name: 'LParen', pattern: '(' });
export const RParen = createToken({ name: 'RParen', pattern: ')', categories: [Stray] });
export const LBracket = createToken({ name: 'LBracket', pattern: '[' });
export const RBracket = createToken({ name: 'RBracket', pattern: ']', categories: [Stray] });
export const Comma = createToken({ name: 'Comma', pattern: ',', categories: [Stray] });
export const Question = createToken({ name: 'Question', pattern: '?' });
export const Colon = createToken({ name: 'Colon', pattern: ':', categories: [Stray] });
export const Dot = createToken({ name: 'Dot', pattern: '.', categories: [Stray] });

/** Any other character (one code point); the lexer never fails. */
export const InvalidChar = createToken({ name: 'InvalidChar', pattern: /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\u0000-\uFFFF]/ });

/** Lexer order: first match wins, so comments precede `/`, `===` precedes `==`, numbers precede `.`. */
export const lexerTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  StringLit,
  DoubleQuotedString,
  UnterminatedString,
  NumberLit,
  True,
  False,
  Null,
  If,
  Then,
  Else,
  And,
  Or,
  Not,
  In,
  Identifier,
  StrictEqual,
  Equal,
  Assign,
  StrictNotEqual,
  NotEqual,
  LessGreater,
  LessEqual,
  Less,
  GreaterEqual,
  Greater,
  AmpAmp,
  PipePipe,
  Bang,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Question,
  Colon,
  Dot,
  InvalidChar,
];

/** The parser's vocabulary: every token type plus the categories. */
export const parserTokens: TokenType[] = [Operator, StringLike, Stray, Word, ...lexerTokens];
