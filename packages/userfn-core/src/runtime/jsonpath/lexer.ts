import { JsonPathSyntaxError } from './errors.js';

/**
 * The character-level layer of the query grammar. JSONPath has no separate
 * token stream: whether whitespace is allowed depends on where the parser is
 * (`$ .a` is fine, `$. a` is not), so the parser drives a cursor and asks for
 * one lexical item at a time.
 */

/**
 * Deepest nesting allowed inside filters: filter selectors, parentheses and
 * function calls each add one level. RFC 9535 sets no limit; this one keeps
 * parsing, compiling and evaluating (all recursive over the filter tree) far
 * from the stack limit whatever the path text.
 */
export const MAX_FILTER_NESTING = 64;

/** Largest index or slice bound RFC 9535 accepts: 2^53 - 1 (the I-JSON exact integer range). */
export const MAX_EXACT_INT = 9007199254740991;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x27;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

/** A position in the path text plus the error helper and the nesting counter. */
export class Cursor {
  readonly src: string;
  pos = 0;
  private depth = 0;

  constructor(src: string) {
    this.src = src;
  }

  /** The UTF-16 code unit at `pos + ahead`, or -1 past the end. */
  code(ahead = 0): number {
    const i = this.pos + ahead;
    return i < this.src.length ? this.src.charCodeAt(i) : -1;
  }

  /** True when the cursor is past the last character. */
  atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  /** Throws a syntax error for `[offset, offset + length)`. */
  fail(message: string, offset: number, length: number): never {
    const end = Math.min(offset + length, this.src.length);
    throw new JsonPathSyntaxError(message, offset, Math.max(0, end - offset));
  }

  /** Fails at the current position: length 1, or 0 at the end of the text. */
  failHere(message: string): never {
    return this.fail(message, this.pos, this.atEnd() ? 0 : charLength(this.src, this.pos));
  }

  /** Skips RFC 9535 blank space (space, tab, LF, CR). */
  skipBlank(): void {
    const s = this.src;
    let i = this.pos;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c !== SPACE && c !== TAB && c !== LF && c !== CR) break;
      i++;
    }
    this.pos = i;
  }

  /** Enters one filter nesting level (see MAX_FILTER_NESTING); `offset` is blamed when too deep. */
  enter(offset: number): void {
    if (++this.depth > MAX_FILTER_NESTING) {
      this.fail(`filter expression nested too deeply (more than ${MAX_FILTER_NESTING} levels)`, offset, 1);
    }
  }

  /** Leaves the nesting level entered last. */
  leave(): void {
    this.depth--;
  }
}

/** True for RFC 9535 blank space. */
export function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}

/** True for an ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** 2 for a surrogate pair at `i`, else 1. */
function charLength(s: string, i: number): number {
  return isHighSurrogate(s.charCodeAt(i)) && isLowSurrogate(s.charCodeAt(i + 1)) ? 2 : 1;
}

/**
 * Length in code units of a `name-first` character at `i` (ALPHA, `_`, or any
 * non-ASCII scalar value), or 0 when there is none. Lone surrogates are not
 * scalar values, so they are rejected.
 */
function nameFirstLength(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  if (isAsciiAlpha(c) || c === 0x5f) return 1;
  if (c < 0x80) return 0;
  if (isHighSurrogate(c)) return isLowSurrogate(s.charCodeAt(i + 1)) ? 2 : 0;
  if (isLowSurrogate(c)) return 0;
  return 1;
}

/** True when a member-name-shorthand starts at the cursor. */
export function atMemberName(cur: Cursor): boolean {
  return nameFirstLength(cur.src, cur.pos) > 0;
}

/** Reads a member-name-shorthand (`name-first *name-char`); the caller has checked `atMemberName`. */
export function scanMemberName(cur: Cursor): string {
  const s = cur.src;
  const start = cur.pos;
  let i = start;
  for (;;) {
    if (i > start && isDigit(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const n = nameFirstLength(s, i);
    if (n === 0) break;
    i += n;
  }
  cur.pos = i;
  return s.slice(start, i);
}

/** Reads a lowercase identifier `[a-z][a-z0-9_]*` (function names, `true`, `false`, `null`). */
export function scanLowerIdent(cur: Cursor): string {
  const s = cur.src;
  const start = cur.pos;
  let i = start;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (i > start && (isDigit(c) || c === 0x5f))) i++;
    else break;
  }
  cur.pos = i;
  return s.slice(start, i);
}

function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

/** The four hex digits at `i` as a code unit, or -1. */
function hex4(s: string, i: number): number {
  if (i + 4 > s.length) return -1;
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const h = hexValue(s.charCodeAt(i + k));
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

/** The decoded text of a one-character JSON escape (`\\n` etc.), or undefined. */
function simpleEscape(c: number): string | undefined {
  switch (c) {
    case 0x62:
      return '\b';
    case 0x66:
      return '\f';
    case 0x6e:
      return '\n';
    case 0x72:
      return '\r';
    case 0x74:
      return '\t';
    case 0x2f:
      return '/';
    case BACKSLASH:
      return '\\';
    default:
      return undefined;
  }
}

/**
 * Reads a single- or double-quoted string literal at the cursor and returns its
 * decoded value. Follows RFC 9535 exactly: no raw control characters, only the
 * JSON escapes plus `\'` in single quotes / `\"` in double quotes, and `\u`
 * escapes of scalar values (a high surrogate must be followed by an escaped low one).
 */
export function scanString(cur: Cursor): string {
  const s = cur.src;
  const start = cur.pos;
  const quote = s.charCodeAt(start);
  let i = start + 1;
  let out = '';
  let runStart = i;
  for (;;) {
    if (i >= s.length) {
      cur.fail(`unterminated string: missing closing ${quote === QUOTE ? "'" : '"'}`, start, s.length - start);
    }
    const c = s.charCodeAt(i);
    if (c === quote) {
      out += s.slice(runStart, i);
      cur.pos = i + 1;
      return out;
    }
    if (c === BACKSLASH) {
      const [decoded, next] = scanEscape(cur, i, quote);
      out += s.slice(runStart, i) + decoded;
      i = runStart = next;
      continue;
    }
    if (c < 0x20) {
      cur.fail('control characters must be escaped in a string (e.g. \\n, \\t, \\u0001)', i, 1);
    }
    if (isHighSurrogate(c)) {
      if (!isLowSurrogate(s.charCodeAt(i + 1))) cur.fail('lone surrogate in string', i, 1);
      i += 2;
      continue;
    }
    if (isLowSurrogate(c)) cur.fail('lone surrogate in string', i, 1);
    i++;
  }
}

/** Decodes the escape at `i` (a backslash): its text and the index after it. */
function scanEscape(cur: Cursor, i: number, quote: number): [string, number] {
  const s = cur.src;
  const e = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
  if (e === quote) return [String.fromCharCode(quote), i + 2];
  if (e === -1) cur.fail('incomplete escape at the end of the path', i, 1);
  const simple = simpleEscape(e);
  if (simple !== undefined) return [simple, i + 2];
  if (e !== 0x75 /* u */) {
    const hint = e === QUOTE || e === DQUOTE ? ' (only the enclosing quote may be escaped)' : '';
    cur.fail(`invalid escape sequence \\${String.fromCharCode(e)}${hint}`, i, 2);
  }
  const unit = hex4(s, i + 2);
  if (unit < 0) cur.fail('\\u must be followed by four hex digits', i, Math.min(6, s.length - i));
  if (isLowSurrogate(unit)) cur.fail('lone low surrogate escape', i, 6);
  if (!isHighSurrogate(unit)) return [String.fromCharCode(unit), i + 6];
  // A high surrogate must pair with an escaped low surrogate to form one scalar value.
  const low = s.charCodeAt(i + 6) === BACKSLASH && s.charCodeAt(i + 7) === 0x75 ? hex4(s, i + 8) : -1;
  if (!isLowSurrogate(low)) cur.fail('a high surrogate escape must be followed by a low surrogate escape (\\uDC00-\\uDFFF)', i, 6);
  return [String.fromCharCode(unit, low), i + 12];
}

/** True when an integer (index or slice bound) starts at the cursor. */
export function atInt(cur: Cursor): boolean {
  const c = cur.code();
  return c === MINUS || isDigit(c);
}

/**
 * Reads an RFC 9535 `int`: `0`, or an optional `-` then digits without a
 * leading zero; `-0` is not an int. The value must lie within ±(2^53 - 1).
 */
export function scanInt(cur: Cursor, what: string): number {
  const s = cur.src;
  const start = cur.pos;
  let i = start;
  if (s.charCodeAt(i) === MINUS) i++;
  const digitsStart = i;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  const length = i - start;
  if (i === digitsStart) cur.fail(`expected digits in ${what}`, start, Math.max(1, length));
  if (s.charCodeAt(digitsStart) === ZERO && i - digitsStart > 1) cur.fail(`leading zeros are not allowed in ${what}`, start, length);
  if (digitsStart > start && i - digitsStart === 1 && s.charCodeAt(digitsStart) === ZERO) {
    cur.fail(`-0 is not allowed as ${what}`, start, length);
  }
  // More than 16 digits cannot be within 2^53 - 1 (16 digits); avoid parsing huge texts.
  const value = i - digitsStart > 16 ? Infinity : Number(s.slice(start, i));
  if (!(Math.abs(value) <= MAX_EXACT_INT)) cur.fail(`${what} is out of range (must be within ±(2^53 - 1))`, start, length);
  cur.pos = i;
  return value;
}

/** Reads a filter number literal: `(int / "-0") [frac] [exp]`, e.g. `-0`, `1.5`, `2e-3`, `1E+2`. */
export function scanNumber(cur: Cursor): number {
  const s = cur.src;
  const start = cur.pos;
  let i = start;
  if (s.charCodeAt(i) === MINUS) i++;
  const intStart = i;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  if (i === intStart) cur.fail('expected a digit in number', start, Math.max(1, i - start));
  if (s.charCodeAt(intStart) === ZERO && i - intStart > 1) cur.fail('leading zeros are not allowed in a number', start, i - start);
  if (s.charCodeAt(i) === 0x2e /* . */) {
    i++;
    const fracStart = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === fracStart) cur.fail('expected a digit after the decimal point', start, i - start);
  }
  const e = s.charCodeAt(i);
  if (e === 0x65 || e === 0x45 /* e E */) {
    i++;
    const sign = s.charCodeAt(i);
    if (sign === 0x2b || sign === MINUS) i++;
    const expStart = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === expStart) cur.fail('expected a digit in the exponent', start, i - start);
  }
  cur.pos = i;
  return Number(s.slice(start, i));
}
