import type { CustomPatternMatcherReturn } from 'chevrotain';

/*
 * Hand-written matchers for the tokens whose regular expressions would either
 * backtrack on long inputs (strings, comments) or be hard to read (numbers).
 * They scan linearly and never throw.
 */

const QUOTE = 39; // '
const DQUOTE = 34; // "
const DOT = 46;
const PLUS = 43;
const MINUS = 45;

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

export function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

function match(text: string, offset: number, end: number): CustomPatternMatcherReturn | null {
  return end < 0 ? null : ([text.slice(offset, end)] as CustomPatternMatcherReturn);
}

/*
 * Each `...End` function returns where its token ends when one starts at
 * `offset`, else -1: the lexer (lexer.ts) calls them directly, and the
 * Chevrotain matchers of the reference token definitions (tokens.ts) wrap them.
 */

/** `'...'` with `''` for a quote; only when closed (else UnterminatedString takes it). */
export function singleQuotedEnd(text: string, offset: number): number {
  if (text.charCodeAt(offset) !== QUOTE) return -1;
  let i = offset + 1;
  for (;;) {
    const j = text.indexOf("'", i);
    if (j < 0) return -1;
    if (text.charCodeAt(j + 1) === QUOTE) {
      i = j + 2;
      continue;
    }
    return j + 1;
  }
}

/** `"..."`: not valid UserFn, but lexed whole so the error can suggest the single-quoted form. */
export function doubleQuotedEnd(text: string, offset: number): number {
  if (text.charCodeAt(offset) !== DQUOTE) return -1;
  const j = text.indexOf('"', offset + 1);
  return j < 0 ? -1 : j + 1;
}

/** `/* ... *\/` (no nesting); an unclosed one is left to UnterminatedComment. */
export function blockCommentEnd(text: string, offset: number): number {
  if (!text.startsWith('/*', offset)) return -1;
  const j = text.indexOf('*/', offset + 2);
  return j < 0 ? -1 : j + 2;
}

/**
 * A numeric literal, or something that starts like one and is malformed. Valid:
 * `2`, `2.45`, `.5`, `1e3`, `1.5E-3`, `1e+3`, `007`. Kept as one (invalid) token
 * so the error names the whole literal: `2.`, `1e`, `1e+`, and any letters,
 * digits or underscores glued to a number (`0x1F`, `1_000`, `10px`).
 * `2.x` is `2` followed by member access `.x`, which is a separate error.
 */
export function numberEnd(text: string, offset: number): number {
  const n = text.length;
  let i = offset;
  if (isDigit(text.charCodeAt(i))) {
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === DOT) {
      const next = text.charCodeAt(i + 1);
      if (isDigit(next)) {
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      } else if (!isIdentStart(next) || isExponentAt(text, i + 1)) {
        i++; // `2.` and `2.e5`: malformed, reported by the parser
      }
    }
  } else if (text.charCodeAt(i) === DOT && isDigit(text.charCodeAt(i + 1))) {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
  } else {
    return -1;
  }
  const e = text.charCodeAt(i);
  if (e === 69 || e === 101) {
    // taken even without digits, so `1e+` is one malformed literal rather than `1e` then `+`
    i++;
    const sign = text.charCodeAt(i);
    if (sign === PLUS || sign === MINUS) i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
  }
  while (i < n && isIdentPart(text.charCodeAt(i))) i++;
  return i;
}

export const matchSingleQuoted = (text: string, offset: number) => match(text, offset, singleQuotedEnd(text, offset));
export const matchDoubleQuoted = (text: string, offset: number) => match(text, offset, doubleQuotedEnd(text, offset));
export const matchBlockComment = (text: string, offset: number) => match(text, offset, blockCommentEnd(text, offset));
export const matchNumber = (text: string, offset: number) => match(text, offset, numberEnd(text, offset));

/** A quote that is never closed: the rest of the source is the string. */
export function matchUnterminated(text: string, offset: number): CustomPatternMatcherReturn | null {
  const c = text.charCodeAt(offset);
  return c === QUOTE || c === DQUOTE ? match(text, offset, text.length) : null;
}

/** `e`/`E` followed by digits, optionally signed. */
function isExponentAt(text: string, i: number): boolean {
  const e = text.charCodeAt(i);
  if (e !== 69 && e !== 101) return false;
  const s = text.charCodeAt(i + 1);
  return isDigit(s) || ((s === PLUS || s === MINUS) && isDigit(text.charCodeAt(i + 2)));
}

const VALID_NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What a NumberLit token's text means. */
export type NumberCheck = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly overflow: boolean; readonly hint: string };

/** Validates a NumberLit image: malformed literals and doubles that overflow are errors. */
export function checkNumber(raw: string): NumberCheck {
  if (VALID_NUMBER.test(raw)) {
    const value = Number(raw);
    if (Number.isFinite(value)) return { ok: true, value };
    return { ok: false, overflow: true, hint: 'the largest number is about 1.8e308' };
  }
  return { ok: false, overflow: false, hint: numberHint(raw) };
}

function numberHint(raw: string): string {
  if (/^\d+\.$/.test(raw)) return `write ${raw.slice(0, -1)} or ${raw}0`;
  if (/^0[xXoObB]/.test(raw)) return 'only decimal numbers are supported';
  if (raw.includes('_')) return 'digit separators are not supported: write the digits together';
  if (/^(?:\d+\.?\d*|\.\d+)[eE][+-]?$/.test(raw)) return 'an exponent needs digits, as in 1e3';
  if (/^\d+\.[eE]/.test(raw)) return `write a digit after the point, as in ${raw.replace('.', '.0')}`;
  return 'a number cannot be followed directly by a letter: put a space or an operator between them';
}
