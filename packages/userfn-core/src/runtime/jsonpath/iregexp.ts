import { RE2JS } from 're2js';

/**
 * I-Regexp (RFC 9485) for the `match` and `search` filter functions, run on
 * re2js so that matching is linear-time whatever the pattern or the input.
 * Patterns are translated, never handed to JS RegExp: the translator accepts
 * exactly the I-Regexp grammar and writes RE2 syntax in which every literal is
 * an `\x{...}` escape, so no RE2-only feature can slip through.
 *
 * Deviations, chosen to agree with the JSONPath compliance test suite and
 * common implementations: `^` and `$` outside a class are anchors (start and
 * end of the string) rather than literal characters, and `\$` is accepted as
 * a literal dollar; `{n,m}` counts above RE2's limit of 1000, and groups
 * nested more than 100 deep, make the pattern invalid.
 */

/** Deepest group nesting accepted; deeper patterns are invalid (RE2 rejects deep nesting anyway). */
const MAX_GROUP_DEPTH = 100;

const CATEGORIES = new Set([
  'L',
  'Ll',
  'Lm',
  'Lo',
  'Lt',
  'Lu',
  'M',
  'Mc',
  'Me',
  'Mn',
  'N',
  'Nd',
  'Nl',
  'No',
  'P',
  'Pc',
  'Pd',
  'Pe',
  'Pf',
  'Pi',
  'Po',
  'Ps',
  'Z',
  'Zl',
  'Zp',
  'Zs',
  'S',
  'Sc',
  'Sk',
  'Sm',
  'So',
  'C',
  'Cc',
  'Cf',
  'Cn',
  'Co',
]);

/**
 * Characters that `\` may escape to stand for themselves (SingleCharEsc),
 * besides n, r, t. `$` is added: it is an anchor here, so `\$` must be
 * available for a literal dollar.
 */
const SELF_ESCAPES = new Set(['(', ')', '*', '+', '-', '.', '?', '[', '\\', ']', '^', '{', '|', '}', '$']);

/** RE2 text for one literal code point. */
function literal(cp: number): string {
  const isAlnum = (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return isAlnum ? String.fromCharCode(cp) : `\\x{${cp.toString(16)}}`;
}

/** The code point at `i`, or -1 for a lone surrogate or the end (both invalid in I-Regexp). */
function codePointAt(s: string, i: number): number {
  if (i >= s.length) return -1;
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = s.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff ? (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000 : -1;
  }
  if (c >= 0xdc00 && c <= 0xdfff) return -1;
  return c;
}

class Invalid extends Error {}

/** Reads `\p{X}` / `\P{X}` at `i` (the backslash); returns [RE2 text, next index]. */
function readCategory(p: string, i: number): [string, number] {
  const close = p.indexOf('}', i + 3);
  if (p[i + 2] !== '{' || close < 0) throw new Invalid();
  const name = p.slice(i + 3, close);
  if (!CATEGORIES.has(name)) throw new Invalid();
  return [`\\${p[i + 1]}{${name}}`, close + 1];
}

/** Reads a single-character escape at `i` (the backslash); returns [code point, next index]. */
function readSingleCharEscape(p: string, i: number): [number, number] {
  const e = p[i + 1];
  if (e === 'n') return [0x0a, i + 2];
  if (e === 'r') return [0x0d, i + 2];
  if (e === 't') return [0x09, i + 2];
  if (e !== undefined && SELF_ESCAPES.has(e)) return [e.charCodeAt(0), i + 2];
  throw new Invalid();
}

/** Reads a CCchar (a class member that can be a range end) at `i`; returns [code point, next index]. */
function readClassChar(p: string, i: number): [number, number] {
  const cp = codePointAt(p, i);
  if (cp === 0x5c) return readSingleCharEscape(p, i);
  if (cp < 0 || cp === 0x2d || cp === 0x5b || cp === 0x5d) throw new Invalid();
  return [cp, i + (cp > 0xffff ? 2 : 1)];
}

/** Translates a class expression starting at `i` (the `[`); returns [RE2 text, next index]. */
function readClass(p: string, i: number): [string, number] {
  let out = '[';
  i++;
  if (p[i] === '^') {
    out += '^';
    i++;
  }
  let first = true;
  for (;;) {
    if (i >= p.length) throw new Invalid();
    const c = p[i];
    if (c === ']' && !first) return [out + ']', i + 1];
    if (c === '-') {
      // A bare '-' is allowed only first or last in the class.
      if (!first && p[i + 1] !== ']') throw new Invalid();
      out += literal(0x2d);
      i++;
    } else if (c === '\\' && (p[i + 1] === 'p' || p[i + 1] === 'P')) {
      const [text, next] = readCategory(p, i);
      out += text;
      i = next;
    } else {
      const [lo, next] = readClassChar(p, i);
      i = next;
      if (p[i] === '-' && p[i + 1] !== ']' && i + 1 < p.length) {
        const [hi, after] = readClassChar(p, i + 1);
        if (hi < lo) throw new Invalid();
        out += `${literal(lo)}-${literal(hi)}`;
        i = after;
      } else {
        out += literal(lo);
      }
    }
    first = false;
  }
}

/** Reads `{n}`, `{n,}` or `{n,m}` at `i`; returns [RE2 text, next index]. */
function readRange(p: string, i: number): [string, number] {
  const close = p.indexOf('}', i);
  if (close < 0) throw new Invalid();
  const body = p.slice(i + 1, close);
  const comma = body.indexOf(',');
  const lo = comma < 0 ? body : body.slice(0, comma);
  const hi = comma < 0 ? null : body.slice(comma + 1);
  if (!isDigits(lo) || (hi !== null && hi !== '' && !isDigits(hi))) throw new Invalid();
  const min = Number(lo);
  if (hi === null) return [`{${min}}`, close + 1];
  if (hi === '') return [`{${min},}`, close + 1];
  const max = Number(hi);
  if (max < min) throw new Invalid();
  return [`{${min},${max}}`, close + 1];
}

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Translates an I-Regexp to RE2 syntax, or returns null when it is not a valid
 * I-Regexp. Iterative (groups are only counted), so no pattern can exhaust the stack.
 */
export function translateIRegexp(pattern: string): string | null {
  try {
    return translate(pattern);
  } catch (e) {
    if (e instanceof Invalid) return null;
    throw e;
  }
}

function translate(p: string): string {
  let out = '';
  let depth = 0;
  // Whether the previous item is an atom a quantifier may follow (I-Regexp
  // forbids quantifiers at the start of a branch and stacked quantifiers).
  let quantifiable = false;
  let i = 0;
  while (i < p.length) {
    const cp = codePointAt(p, i);
    if (cp < 0) throw new Invalid();
    const c = p[i];
    switch (c) {
      case '(':
        if (++depth > MAX_GROUP_DEPTH) throw new Invalid();
        out += '(?:';
        quantifiable = false;
        i++;
        continue;
      case ')':
        if (--depth < 0) throw new Invalid();
        out += ')';
        quantifiable = true;
        i++;
        continue;
      case '|':
        out += '|';
        quantifiable = false;
        i++;
        continue;
      case '*':
      case '+':
      case '?':
        if (!quantifiable) throw new Invalid();
        out += c;
        quantifiable = false;
        i++;
        continue;
      case '{': {
        if (!quantifiable) throw new Invalid();
        const [text, next] = readRange(p, i);
        out += text;
        quantifiable = false;
        i = next;
        continue;
      }
      case '}':
      case ']':
        throw new Invalid();
      case '.':
        // I-Regexp's '.' excludes only \n and \r (RE2's excludes only \n).
        out += '[^\\n\\r]';
        quantifiable = true;
        i++;
        continue;
      case '^':
      case '$':
        out += c;
        quantifiable = true;
        i++;
        continue;
      case '[': {
        const [text, next] = readClass(p, i);
        out += text;
        quantifiable = true;
        i = next;
        continue;
      }
      case '\\': {
        if (p[i + 1] === 'p' || p[i + 1] === 'P') {
          const [text, next] = readCategory(p, i);
          out += text;
          i = next;
        } else {
          const [esc, next] = readSingleCharEscape(p, i);
          out += literal(esc);
          i = next;
        }
        quantifiable = true;
        continue;
      }
      default:
        out += literal(cp);
        quantifiable = true;
        i += cp > 0xffff ? 2 : 1;
    }
  }
  if (depth !== 0) throw new Invalid();
  return out;
}

/** A compiled I-Regexp, or null for an invalid one (match/search then give false). */
export function compileIRegexp(pattern: string): RE2JS | null {
  const re2 = translateIRegexp(pattern);
  if (re2 === null) return null;
  try {
    return RE2JS.compile(re2);
  } catch {
    // RE2's own limits (repeat counts above 1000, program size) make a pattern invalid too.
    return null;
  }
}

const CACHE_LIMIT = 256;
const cache = new Map<string, RE2JS | null>();

/** compileIRegexp with a small bounded cache, for patterns read from the document at run time. */
export function cachedIRegexp(pattern: string): RE2JS | null {
  const hit = cache.get(pattern);
  if (hit !== undefined || cache.has(pattern)) return hit ?? null;
  const re = compileIRegexp(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, re);
  return re;
}

/** `match`: true when the whole string matches the I-Regexp; false for an invalid pattern. */
export function iRegexpMatches(re: RE2JS, input: string): boolean {
  try {
    return re.testExact(input);
  } catch {
    return false;
  }
}

/** `search`: true when some substring matches the I-Regexp; false for an invalid pattern. */
export function iRegexpSearches(re: RE2JS, input: string): boolean {
  try {
    return re.test(input);
  } catch {
    return false;
  }
}
