import type { PathSegment, Selector } from './ast.js';
import { parseFilterExpr } from './filter-parser.js';
import { internedName } from './intern.js';
import { atInt, atMemberName, Cursor, isBlank, isDigit, scanInt, scanMemberName, scanString } from './lexer.js';

/**
 * The RFC 9535 query grammar above the filter level: `$`, segments and
 * selectors. Segments are read in a loop, so path length never turns into
 * recursion depth; only filters nest, and the cursor caps that.
 */

const DOLLAR = 0x24;
const DOT = 0x2e;
const STAR = 0x2a;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const QUESTION = 0x3f;
const QUOTE = 0x27;
const DQUOTE = 0x22;
const AT = 0x40;

/** Parses a whole query (`$` and its segments) or throws JsonPathSyntaxError. */
export function parseQuery(src: string): PathSegment[] {
  const cur = new Cursor(src);
  const first = cur.code();
  if (first !== DOLLAR) {
    if (first === -1) cur.fail("a JSONPath query must start with '$' (the path is empty)", 0, 0);
    if (isBlank(first)) cur.fail("a JSONPath query must start with '$' (no whitespace before it)", 0, 1);
    cur.fail("a JSONPath query must start with '$'", 0, 1);
  }
  cur.pos = 1;
  const segments = parseSegments(cur);
  if (!cur.atEnd()) {
    const at = cur.pos;
    cur.skipBlank();
    if (cur.atEnd()) cur.fail('whitespace is not allowed at the end of a JSONPath query', at, cur.pos - at);
    cur.failHere(`unexpected '${cur.src[cur.pos]}': expected '.', '..' or '[' to start a segment${bracketHint(cur.src, segments, cur.pos)}`);
  }
  return segments;
}

/**
 * After a `.name` that stops at a character a shorthand name cannot hold
 * (`$.tools.web-search`, a tool or metadata key with a dash or a colon), the
 * bracketed form of the whole name: the rest of it, up to the next `.` or
 * `[`, is taken as part of the name.
 */
function bracketHint(src: string, segments: readonly PathSegment[], at: number): string {
  const last = segments[segments.length - 1];
  if (!last || last.descendant || src.charCodeAt(last.offset) !== DOT || last.offset + last.length !== at) return '';
  // Characters keys hold (x-request-id, user:email, a/b), not ones that end a mistyped bracket or call.
  if (!'-:/@+#~%&!'.includes(src[at]!)) return '';
  let end = at;
  while (end < src.length && src.charCodeAt(end) !== DOT && src.charCodeAt(end) !== LBRACKET) end++;
  const name = src.slice(last.offset + 1, end);
  if (name.trim() !== name || name === '') return '';
  return `; a member name with '${src[at]}' is written in brackets: ['${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
}

/**
 * Reads `*(S segment)` after a `$` or `@`. Stops (before any whitespace) at
 * the first character that cannot start a segment, which the caller judges.
 */
export function parseSegments(cur: Cursor): PathSegment[] {
  const segments: PathSegment[] = [];
  for (;;) {
    const save = cur.pos;
    cur.skipBlank();
    const start = cur.pos;
    const c = cur.code();
    if (c === LBRACKET) {
      segments.push(parseBracketed(cur, false, start));
    } else if (c === DOT && cur.code(1) === DOT) {
      cur.pos += 2;
      segments.push(parseAfterDots(cur, start));
    } else if (c === DOT) {
      cur.pos += 1;
      segments.push(parseAfterDot(cur, start));
    } else {
      cur.pos = save;
      return segments;
    }
  }
}

/** `..[...]`, `..*` or `..name`. */
function parseAfterDots(cur: Cursor, start: number): PathSegment {
  const c = cur.code();
  if (c === LBRACKET) return parseBracketed(cur, true, start);
  const selector = parseShorthand(cur);
  if (selector === null) {
    if (isBlank(c)) cur.failHere("whitespace is not allowed after '..'");
    cur.failHere("expected a member name, '*' or '[' after '..'");
  }
  return { descendant: true, selectors: [selector], offset: start, length: cur.pos - start };
}

/** `.*` or `.name`. */
function parseAfterDot(cur: Cursor, start: number): PathSegment {
  const c = cur.code();
  const selector = parseShorthand(cur);
  if (selector === null) {
    if (isBlank(c)) cur.failHere("whitespace is not allowed after '.'");
    if (isDigit(c)) cur.failHere("a member name cannot start with a digit: write [0] for an array index or ['0'] for a member name");
    cur.failHere("expected a member name or '*' after '.'");
  }
  return { descendant: false, selectors: [selector], offset: start, length: cur.pos - start };
}

/** The wildcard or member-name shorthand after `.`/`..`, or null when neither is there. */
function parseShorthand(cur: Cursor): Selector | null {
  const at = cur.pos;
  if (cur.code() === STAR) {
    cur.pos++;
    return { kind: 'wildcard', offset: at, length: 1 };
  }
  if (!atMemberName(cur)) return null;
  const name = internedName(scanMemberName(cur));
  return { kind: 'name', name, shorthand: true, offset: at, length: cur.pos - at };
}

/** `[` S selector *(S "," S selector) S `]`. */
function parseBracketed(cur: Cursor, descendant: boolean, start: number): PathSegment {
  const open = cur.pos;
  cur.pos++;
  cur.skipBlank();
  const selectors: Selector[] = [];
  for (;;) {
    selectors.push(parseSelector(cur));
    cur.skipBlank();
    const c = cur.code();
    if (c === COMMA) {
      cur.pos++;
      cur.skipBlank();
      continue;
    }
    if (c === RBRACKET) {
      cur.pos++;
      break;
    }
    if (c === -1) cur.fail(`missing ']' to close the '[' at offset ${open}`, cur.pos, 0);
    cur.failHere("expected ',' or ']'");
  }
  return { descendant, selectors, offset: start, length: cur.pos - start };
}

function parseSelector(cur: Cursor): Selector {
  const start = cur.pos;
  const c = cur.code();
  if (c === QUOTE || c === DQUOTE) {
    const name = internedName(scanString(cur));
    return { kind: 'name', name, shorthand: false, offset: start, length: cur.pos - start };
  }
  if (c === STAR) {
    cur.pos++;
    return { kind: 'wildcard', offset: start, length: 1 };
  }
  if (c === QUESTION) {
    cur.enter(start);
    cur.pos++;
    cur.skipBlank();
    const expr = parseFilterExpr(cur, parseSegments);
    cur.leave();
    return { kind: 'filter', expr, offset: start, length: cur.pos - start };
  }
  if (c === COLON || atInt(cur)) return parseIndexOrSlice(cur);
  if (c === AT || c === DOLLAR) {
    cur.failHere(`a '${String.fromCharCode(c)}' query can only appear inside a filter: write [?${String.fromCharCode(c)}...]`);
  }
  if (c === -1) cur.fail('unexpected end of the path: expected a selector', start, 0);
  cur.failHere("expected a selector: a quoted name, an index, a slice, '*' or a filter '?...'");
}

/** `int`, or a slice `[start S] ":" S [end S] [":" [S step]]`. */
function parseIndexOrSlice(cur: Cursor): Selector {
  const start = cur.pos;
  const first = atInt(cur) ? scanInt(cur, followedByColon(cur) ? 'a slice start' : 'an index') : null;
  let last = cur.pos;
  cur.skipBlank();
  if (cur.code() !== COLON) {
    cur.pos = last;
    // atInt held, so an index was read.
    return { kind: 'index', index: first!, offset: start, length: last - start };
  }
  cur.pos++;
  last = cur.pos;
  cur.skipBlank();
  let end: number | null = null;
  if (atInt(cur)) {
    end = scanInt(cur, 'a slice end');
    last = cur.pos;
    cur.skipBlank();
  }
  let step: number | null = null;
  if (cur.code() === COLON) {
    cur.pos++;
    last = cur.pos;
    cur.skipBlank();
    if (atInt(cur)) {
      step = scanInt(cur, 'a slice step');
      last = cur.pos;
    }
  }
  cur.pos = last;
  return { kind: 'slice', start: first, end, step, offset: start, length: last - start };
}

/** Looks past the integer at the cursor (and blank space) for a ':', to name it in messages. */
function followedByColon(cur: Cursor): boolean {
  const s = cur.src;
  let i = cur.pos;
  if (s.charCodeAt(i) === 0x2d) i++;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  while (i < s.length && isBlank(s.charCodeAt(i))) i++;
  return s.charCodeAt(i) === COLON;
}
