// Hand-written scanning helpers shared by the ISO parser and the pattern
// parser. Everything is a bounded forward scan over ASCII digits: no regular
// expressions, so there is nothing that could backtrack.

/** Reports a failure at a position of the text being scanned; never returns. */
export type Fail = (pos: number, message: string) => never;

/** True when the UTF-16 unit at `pos` is an ASCII digit (other scripts' digits are not accepted). */
export function isDigitAt(text: string, pos: number): boolean {
  const c = text.charCodeAt(pos);
  return c >= 48 && c <= 57;
}

/** How many ASCII digits start at `pos`, counting at most `max`. */
export function countDigits(text: string, pos: number, max: number): number {
  let n = 0;
  while (n < max && isDigitAt(text, pos + n)) n++;
  return n;
}

/** The decimal value of the ASCII digits in `text[start, end)`. */
export function digitsValue(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

/**
 * Milliseconds from the fraction-of-second digits at `start`. Digits past the
 * third are truncated, never rounded, so `23:59:59.9999` stays in the second
 * (and day) it was written in, as JavaScript's Date.parse does.
 */
export function fractionMillis(text: string, start: number, digits: number): number {
  const kept = Math.min(digits, 3);
  return digitsValue(text, start, start + kept) * 10 ** (3 - kept);
}

/** Reads exactly `width` digits at `pos` (fewer is a failure) and checks the range. */
export function readFixedNumber(text: string, pos: number, width: number, what: string, range: readonly [number, number], fail: Fail): number {
  if (countDigits(text, pos, width) < width) {
    fail(pos, `expected ${width} digits for the ${what}, found ${describeAt(text, pos)}`);
  }
  return checkRange(digitsValue(text, pos, pos + width), what, range, pos, fail);
}

/** Fails unless `min <= value <= max`. */
export function checkRange(value: number, what: string, [min, max]: readonly [number, number], pos: number, fail: Fail): number {
  if (value < min || value > max) fail(pos, `${what} ${value} is out of range (${min}–${max})`);
  return value;
}

/** True when `word` (ASCII) occurs at `pos`, ignoring ASCII case only, so no locale rule can apply. */
export function matchesIgnoreAsciiCase(text: string, pos: number, word: string): boolean {
  if (pos + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    if (asciiLower(text.charCodeAt(pos + i)) !== asciiLower(word.charCodeAt(i))) return false;
  }
  return true;
}

function asciiLower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/** Describes what is at `pos` for a message: `'x'` or `end of text`. */
export function describeAt(text: string, pos: number): string {
  if (pos >= text.length) return 'end of text';
  const cp = text.codePointAt(pos) ?? 0;
  return quote(String.fromCodePoint(cp));
}

/** Single-quotes a text for a message, escaping control, invisible and lone-surrogate characters so messages stay one readable line. */
export function quote(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const invisible =
      cp < 0x20 ||
      (cp >= 0x7f && cp <= 0x9f) ||
      (cp >= 0x200b && cp <= 0x200f) ||
      cp === 0x2028 ||
      cp === 0x2029 ||
      cp === 0xfeff ||
      (cp >= 0xd800 && cp <= 0xdfff); // a lone surrogate
    out += invisible ? `\\u${cp.toString(16).padStart(4, '0')}` : ch;
  }
  return `'${out}'`;
}

/** Zero-pads a non-negative integer. */
export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
