import type { Span } from '../diagnostics/span.js';
import type { ScalarStyle } from './located.js';

const isBreak = (c: string | undefined) => c === '\n' || c === '\r';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isSpace = (c: string | undefined) => isBlank(c) || isBreak(c);

/** Raw length and decoded UTF-16 length of the escape at `text[j] === '\\'` (JSON and YAML double-quoted). */
function escapeAt(text: string, j: number): { raw: number; units: number } {
  switch (text[j + 1]) {
    case 'u':
      return { raw: 6, units: 1 };
    case 'x':
      return { raw: 4, units: 1 };
    case 'U': {
      const cp = parseInt(text.slice(j + 2, j + 10), 16);
      return { raw: 10, units: cp > 0xffff ? 2 : 1 };
    }
    default:
      return { raw: 2, units: 1 };
  }
}

/** Where the characters of a scalar start: after the quote, or on the line after a block header. */
function contentStart(text: string, span: Span, style: ScalarStyle): number {
  if (style === 'double' || style === 'single') return span.start + 1;
  if (style === 'plain') return span.start;
  let j = span.start;
  while (j < span.end && !isBreak(text[j])) j++;
  if (text[j] === '\r' && text[j + 1] === '\n') j++;
  return j + 1;
}

/**
 * The offset in the file of each UTF-16 unit of a string scalar's value (and
 * one more for its end), so that a position inside a rule's condition can be
 * shown in the file. Walks the raw text and the decoded value side by side:
 * exact for JSON strings (escapes such as `\"` and `\u0041` take several raw
 * characters) and for single-line YAML scalars; for YAML line folding and
 * block indentation, white space in the value maps to the nearest raw
 * character, and every other character maps exactly.
 */
export function scalarOffsets(text: string, span: Span, style: ScalarStyle, value: string): number[] {
  const out = new Array<number>(value.length + 1);
  const end = style === 'double' || style === 'single' ? span.end - 1 : span.end;
  let j = contentStart(text, span, style);
  let i = 0;
  while (i < value.length) {
    if (j >= end) {
      out[i++] = end;
      continue;
    }
    const c = text[j];
    const d = value[i];
    if (style === 'double' && c === '\\') {
      if (isBreak(text[j + 1])) {
        // An escaped line break joins the lines: it stands for nothing.
        j += 1;
        while (j < end && isSpace(text[j])) j++;
        continue;
      }
      const e = escapeAt(text, j);
      for (let k = 0; k < e.units && i < value.length; k++) out[i++] = j;
      j += e.raw;
      continue;
    }
    if (style === 'single' && c === "'" && text[j + 1] === "'") {
      out[i++] = j;
      j += 2;
      continue;
    }
    if (c === d) {
      out[i++] = j++;
      continue;
    }
    if (isBreak(c)) {
      // A line break folds into a space or stays a newline; indentation after it is not in the value.
      if (isSpace(d)) out[i++] = j;
      j++;
      while (j < end && isSpace(text[j])) j++;
      continue;
    }
    // White space in the value that the text spells differently (kept
    // indentation, a folded blank line) maps to the next raw character;
    // raw white space the value dropped (before a fold) is skipped.
    if (isSpace(d)) out[i++] = j;
    else j++;
  }
  out[value.length] = Math.min(j, end);
  return out;
}
