/**
 * Decodes one JSON string literal (RFC 8259) and records, for every UTF-16
 * unit of the value, the document offset of the text that encodes it, so a
 * condition's spans can be mapped back through `\"`, `\\`, `\u0041`, `\n`.
 */

/** A decoded JSON string and the offsets of its units. */
export interface DecodedString {
  readonly value: string;
  /** `starts[i]`: document offset of value unit i; `starts[value.length]`: the closing quote (or the end of what was read). */
  readonly starts: number[];
  /** Offset just past the closing quote (or where reading stopped). */
  readonly end: number;
  readonly error?: { readonly message: string; readonly start: number; readonly end: number };
}

const SIMPLE: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Decodes the JSON string whose opening quote is at `open`. */
export function decodeJsonString(text: string, open: number): DecodedString {
  let value = '';
  const starts: number[] = [];
  let i = open + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      starts.push(i);
      return { value, starts, end: i + 1 };
    }
    if (c === 92 /* \ */) {
      const e = text[i + 1];
      if (e !== undefined && SIMPLE[e] !== undefined) {
        starts.push(i);
        value += SIMPLE[e];
        i += 2;
        continue;
      }
      if (e === 'u') {
        let ok = true;
        for (let k = 2; k < 6; k++) ok &&= isHex(text.charCodeAt(i + k));
        if (ok) {
          starts.push(i);
          // one escape is one UTF-16 unit; a surrogate pair is two escapes, each mapped to its own
          value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        return fail(value, starts, i, i + Math.min(6, text.length - i), 'invalid \\u escape: four hex digits are needed');
      }
      return fail(value, starts, i, Math.min(i + 2, text.length), `invalid escape '\\${e ?? ''}' in a JSON string`);
    }
    if (c < 0x20) {
      return fail(
        value,
        starts,
        i,
        i + 1,
        c === 10 || c === 13 ? 'unterminated string: a JSON string cannot span lines (write \\n)' : 'control character in a JSON string: escape it',
      );
    }
    starts.push(i);
    value += text[i];
    i++;
  }
  return fail(value, starts, open, text.length, 'unterminated string');
}

function fail(value: string, starts: number[], start: number, end: number, message: string): DecodedString {
  starts.push(start);
  return { value, starts, end, error: { message, start, end } };
}
