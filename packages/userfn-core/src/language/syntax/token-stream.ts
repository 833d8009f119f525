import type { IToken, TokenType } from 'chevrotain';
import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic, type Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import { singleQuoted } from '../../runtime/core/json-text.js';
import { describeCharacters } from './describe.js';
import { scan } from './lexer.js';
import { checkNumber } from './token-matchers.js';
import * as T from './tokens.js';

/** A comment of the source: `text` is the comment as written, delimiters included. */
export interface Comment {
  readonly span: Span;
  readonly text: string;
  readonly block: boolean;
}

/** What one lexing pass produced. */
export interface Lexed {
  /** Every token in source order, comments and invalid characters included. */
  readonly all: readonly IToken[];
  /** The tokens the parser sees: no comments, no invalid characters. */
  readonly significant: IToken[];
  readonly comments: Comment[];
  /** Errors found in single tokens (bad characters, strings, numbers, comments). */
  readonly diagnostics: Diagnostic[];
}

/** The half-open span of a lexed token. */
export function tokenSpan(token: IToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

/** Lexes a whole source. Never throws: any character that is not part of a token becomes InvalidChar. */
export function lex(source: string): Lexed {
  const all = scan(source);
  const significant: IToken[] = [];
  const comments: Comment[] = [];
  const diagnostics: Diagnostic[] = [];
  let invalidRun: IToken[] = [];

  const flushInvalid = (): void => {
    if (invalidRun.length === 0) return;
    const first = invalidRun[0]!;
    const last = invalidRun[invalidRun.length - 1]!;
    const text = invalidRun.map((t) => t.image).join('');
    const d = describeCharacters(text);
    diagnostics.push(diagnostic(Codes.InvalidCharacter, d.message, { start: first.startOffset, end: tokenSpan(last).end }, d.hint));
    invalidRun = [];
  };

  for (const token of all) {
    const type = token.tokenType;
    if (type === T.InvalidChar) {
      // adjacent bad characters are one mistake, reported once
      const prev = invalidRun[invalidRun.length - 1];
      if (prev !== undefined && tokenSpan(prev).end !== token.startOffset) flushInvalid();
      invalidRun.push(token);
      continue;
    }
    flushInvalid();
    if (type === T.LineComment || type === T.BlockComment || type === T.UnterminatedComment) {
      comments.push({ span: tokenSpan(token), text: token.image, block: type !== T.LineComment });
      if (type === T.UnterminatedComment) {
        diagnostics.push(diagnostic(Codes.UnterminatedComment, 'unterminated comment: add the closing */', tokenSpan(token), 'block comments do not nest'));
      }
      continue;
    }
    tokenDiagnostic(token, type, diagnostics, significant);
    significant.push(token);
  }
  flushInvalid();
  return { all, significant, comments, diagnostics };
}

/**
 * True when a string before `at` closes right against a word (`'it's'` lexes as
 * `'it'`, `s`, then an unterminated `'`): the one sign that a quote inside a
 * string ended it early, so the only case where the doubled-quote hint helps.
 */
function quoteEndedAString(before: readonly IToken[]): boolean {
  for (let i = 0; i + 1 < before.length; i++) {
    const s = before[i]!;
    const next = before[i + 1]!;
    const isString = s.tokenType === T.StringLit || s.tokenType === T.DoubleQuotedString;
    if (isString && tokenSpan(s).end === next.startOffset && /^\w/.test(next.image)) return true;
  }
  return false;
}

function tokenDiagnostic(token: IToken, type: TokenType, out: Diagnostic[], before: readonly IToken[]): void {
  if (type === T.DoubleQuotedString) {
    out.push(diagnostic(Codes.DoubleQuotedString, 'strings use single quotes', tokenSpan(token), `write ${singleQuoted(token.image.slice(1, -1))}`));
  } else if (type === T.UnterminatedString) {
    const double = token.image.startsWith('"');
    out.push(
      diagnostic(
        Codes.UnterminatedString,
        double ? 'unterminated string (and strings use single quotes)' : "unterminated string: add the closing '",
        tokenSpan(token),
        quoteEndedAString(before) ? "a quote inside a string is written twice: 'it''s'" : undefined,
      ),
    );
  } else if (type === T.NumberLit) {
    const check = checkNumber(token.image);
    if (!check.ok) {
      const code = check.overflow ? Codes.NumberOverflow : Codes.InvalidNumber;
      const message = check.overflow ? `number ${token.image} is too large for a double` : `invalid number ${token.image}`;
      out.push(diagnostic(code, message, tokenSpan(token), check.hint));
    }
  }
}

/** The value of a string token: `''` is one quote; a double-quoted or unterminated one is read as best we can. */
export function stringValue(token: IToken): string {
  const image = token.image;
  const type = token.tokenType;
  if (type === T.DoubleQuotedString) return image.slice(1, -1);
  if (type === T.UnterminatedString) return image.startsWith('"') ? image.slice(1) : image.slice(1).replaceAll("''", "'");
  // A quote inside is written twice, and only then is there anything to decode.
  // Looked for in the image itself: searching the slice of it took three times
  // as long (a `''` from offset 1 on is always an escape: the closing quote
  // follows the content, whose quotes are all doubled).
  if (image.indexOf("''", 1) === -1) return image.slice(1, -1);
  return image.slice(1, -1).replaceAll("''", "'");
}
