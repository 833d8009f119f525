import type { IToken } from 'chevrotain';
import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import { resolveLimits, type Limits } from '../../common/limits.js';
import { lex, tokenSpan } from './token-stream.js';
import { parseSource, type ParseResult } from './parse-source.js';
import * as T from './tokens.js';

export type { Comment } from './token-stream.js';
export type { ParseResult } from './parse-source.js';

/**
 * Parses a UserFn source. Never throws: every problem is a diagnostic. The
 * AST is built even around syntax errors (ErrorNodes stand in for missing
 * parts); it is null only when a limit (UF4001-UF4003) was exceeded.
 */
export function parse(source: string, options: { limits?: Partial<Limits> } = {}): ParseResult {
  let text = '';
  let limits: Limits;
  try {
    text = typeof source === 'string' ? source : String(source);
    limits = resolveLimits(options.limits);
  } catch (e) {
    return failedParse(e, text);
  }
  return parseText(text, limits);
}

/** parse() of a string with complete limits, which analyze() and compile() already hold: no options object to make and read. */
export function parseText(text: string, limits: Limits): ParseResult {
  try {
    return parseSource(text, limits).result;
  } catch (e) {
    return failedParse(e, text);
  }
}

/** A parse that threw: only on stack exhaustion in a very deep caller, or a bug. Still no throw: a diagnostic. */
function failedParse(e: unknown, text: string): ParseResult {
  const span = { start: 0, end: text.length };
  const d =
    e instanceof RangeError
      ? diagnostic(Codes.NestingTooDeep, 'the expression is nested too deeply to parse here', span)
      : diagnostic(Codes.UnexpectedToken, `internal parser error: ${e instanceof Error ? e.message : String(e)}`, span);
  return { ast: null, diagnostics: [d], comments: [], nodeCount: 0 };
}

/** What a token is, for editor highlighting and completion. */
export type TokenKind = 'number' | 'string' | 'keyword' | 'operator' | 'function' | 'identifier' | 'punctuation' | 'comment' | 'invalid';

/** One token of the source, comments included. */
export interface LexToken {
  readonly kind: TokenKind;
  readonly span: Span;
  readonly image: string;
}

const KEYWORDS = new Set([T.True, T.False, T.Null, T.If, T.Then, T.Else, T.And, T.Or, T.Not, T.In]);
const PUNCTUATION = new Set([T.LParen, T.RParen, T.LBracket, T.RBracket, T.Comma, T.Dot]);
const STRINGS = new Set([T.StringLit, T.DoubleQuotedString, T.UnterminatedString]);
const COMMENTS = new Set([T.LineComment, T.BlockComment, T.UnterminatedComment]);

/**
 * Every token of a source in order, comments and bad characters included, for
 * semantic highlighting and completion. Never throws. A name directly followed
 * by `(` (comments aside) is a `function`; any other name is an `identifier`
 * (an error in UserFn, but the editor still wants to colour it).
 */
export function tokenize(source: string): LexToken[] {
  try {
    const all = lex(typeof source === 'string' ? source : String(source)).all;
    const out: LexToken[] = [];
    for (let i = 0; i < all.length; i++) {
      const token = all[i]!;
      out.push({ kind: kindOf(token, nextSignificant(all, i + 1)), span: tokenSpan(token), image: token.image });
    }
    return out;
  } catch {
    return [];
  }
}

function nextSignificant(all: readonly IToken[], from: number): IToken | undefined {
  for (let i = from; i < all.length; i++) {
    if (!COMMENTS.has(all[i]!.tokenType)) return all[i];
  }
  return undefined;
}

function kindOf(token: IToken, next: IToken | undefined): TokenKind {
  const type = token.tokenType;
  if (type === T.NumberLit) return 'number';
  if (STRINGS.has(type)) return 'string';
  if (COMMENTS.has(type)) return 'comment';
  if (KEYWORDS.has(type)) return 'keyword';
  if (type === T.Identifier) return next?.tokenType === T.LParen ? 'function' : 'identifier';
  if (PUNCTUATION.has(type)) return 'punctuation';
  if (type === T.InvalidChar) return 'invalid';
  return 'operator';
}
