import type { IToken, TokenType } from 'chevrotain';
import { blockCommentEnd, doubleQuotedEnd, isDigit, isIdentPart, isIdentStart, numberEnd, singleQuotedEnd } from './token-matchers.js';
import * as T from './tokens.js';

/*
 * The lexer the toolkit runs: one pass over the source's UTF-16 code units,
 * dispatching on the first character. It makes exactly the tokens that
 * Chevrotain's lexer makes from the definitions in tokens.ts (the first
 * pattern that matches, in their order, wins; whitespace is skipped; a
 * keyword is a whole word, in any case), in the shape of Chevrotain's
 * offset-only tokens, which the parser reads. Chevrotain's lexer tries the
 * candidate patterns one by one and took about 100 ns a token; this takes a
 * fraction of that. lexer.test.ts runs both on random sources and requires
 * the same tokens.
 */

const KEYWORDS = new Map<string, TokenType>([
  ['true', T.True],
  ['false', T.False],
  ['null', T.Null],
  ['if', T.If],
  ['then', T.Then],
  ['else', T.Else],
  ['and', T.And],
  ['or', T.Or],
  ['not', T.Not],
  ['in', T.In],
]);

/** Whether a keyword starts with this (lower-case) letter. */
const KEYWORD_INITIALS: boolean[] = [];
for (const word of KEYWORDS.keys()) KEYWORD_INITIALS[word.charCodeAt(0)] = true;

function token(image: string, start: number, type: TokenType): IToken {
  return { image, startOffset: start, tokenTypeIdx: type.tokenTypeIdx!, tokenType: type };
}

/** JavaScript's `\s`, which the WhiteSpace pattern skips. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** Tokens of one code unit that no longer token starts with. */
const SINGLE: (TokenType | undefined)[] = [];
for (const [text, type] of [
  ['+', T.Plus],
  ['-', T.Minus],
  ['*', T.Star],
  ['/', T.Slash],
  ['%', T.Percent],
  ['(', T.LParen],
  [')', T.RParen],
  ['[', T.LBracket],
  [']', T.RBracket],
  [',', T.Comma],
  ['?', T.Question],
  [':', T.Colon],
  ['.', T.Dot],
] as const) {
  SINGLE[text.charCodeAt(0)] = type;
}

/** Every token of a source in order (comments and invalid characters included, whitespace skipped). Never throws. */
export function scan(source: string): IToken[] {
  const tokens: IToken[] = [];
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    let type: TokenType;
    if (isIdentStart(c)) {
      let upper = c <= 90;
      i++;
      while (i < n) {
        const d = source.charCodeAt(i);
        if (!isIdentPart(d)) break;
        if (d >= 65 && d <= 90) upper = true;
        i++;
      }
      const word = source.slice(start, i);
      // Keywords are case-insensitive. Only a word that can be one is looked up
      // (hashing every name costs), and only one with a capital is lowered.
      const keyword = i - start > 5 || !KEYWORD_INITIALS[c | 0x20] ? undefined : (KEYWORDS.get(word) ?? (upper ? KEYWORDS.get(word.toLowerCase()) : undefined));
      tokens.push(token(word, start, keyword ?? T.Identifier));
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(source.charCodeAt(i + 1)))) {
      i = numberEnd(source, i);
      type = T.NumberLit;
    } else if (c === 39 || c === 34) {
      const end = c === 39 ? singleQuotedEnd(source, i) : doubleQuotedEnd(source, i);
      type = end < 0 ? T.UnterminatedString : c === 39 ? T.StringLit : T.DoubleQuotedString;
      i = end < 0 ? n : end;
    } else if (c === 47 && source.charCodeAt(i + 1) === 47) {
      i += 2;
      while (i < n && !isLineEnd(source.charCodeAt(i))) i++;
      type = T.LineComment;
    } else if (c === 47 && source.charCodeAt(i + 1) === 42) {
      const end = blockCommentEnd(source, i);
      type = end < 0 ? T.UnterminatedComment : T.BlockComment;
      i = end < 0 ? n : end;
    } else {
      const next = source.charCodeAt(i + 1);
      let width = 1;
      switch (c) {
        case 61: // = == ===
          width = next !== 61 ? 1 : source.charCodeAt(i + 2) === 61 ? 3 : 2;
          type = width === 1 ? T.Assign : width === 2 ? T.Equal : T.StrictEqual;
          break;
        case 33: // ! != !==
          width = next !== 61 ? 1 : source.charCodeAt(i + 2) === 61 ? 3 : 2;
          type = width === 1 ? T.Bang : width === 2 ? T.NotEqual : T.StrictNotEqual;
          break;
        case 60: // < <= <>
          width = next === 61 || next === 62 ? 2 : 1;
          type = width === 1 ? T.Less : next === 61 ? T.LessEqual : T.LessGreater;
          break;
        case 62: // > >=
          width = next === 61 ? 2 : 1;
          type = width === 2 ? T.GreaterEqual : T.Greater;
          break;
        case 38: // &&
        case 124: // ||
          width = next === c ? 2 : 1;
          type = width === 1 ? T.InvalidChar : c === 38 ? T.AmpAmp : T.PipePipe;
          break;
        default:
          // one code point: a surrogate pair stays whole
          width = c >= 0xd800 && c <= 0xdbff && (next & 0xfc00) === 0xdc00 ? 2 : 1;
          type = SINGLE[c] ?? T.InvalidChar;
      }
      i += width;
    }
    tokens.push(token(source.slice(start, i), start, type));
  }
  return tokens;
}
