/**
 * Renders member names back into path text, the way an editor inserts them.
 */

function isShorthandName(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
    const digit = c >= 0x30 && c <= 0x39;
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

function hex4(c: number): string {
  return `\\u${c.toString(16).padStart(4, '0')}`;
}

/** The escape for code unit `c` inside a single-quoted literal, or undefined when it stands as is. */
function escapeFor(c: number): string | undefined {
  switch (c) {
    case 0x08:
      return '\\b';
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0c:
      return '\\f';
    case 0x0d:
      return '\\r';
    case 0x27:
      return "\\'";
    case 0x5c:
      return '\\\\';
    default:
      return c < 0x20 ? hex4(c) : undefined;
  }
}

/**
 * A single-quoted RFC 9535 string literal for `s`: `'` and `\` are escaped,
 * control characters use \b \t \n \f \r or \u00XX. A name holding a lone
 * surrogate cannot be written in RFC 9535 at all; it is escaped as \uXXXX,
 * which a conforming parser rejects rather than misreads.
 */
export function quoteName(s: string): string {
  let out = "'";
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let esc = escapeFor(c);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++; // a well-formed pair stands as is
        continue;
      }
      esc = hex4(c);
    }
    if (esc !== undefined) {
      out += s.slice(run, i) + esc;
      run = i + 1;
    }
  }
  return out + s.slice(run) + "'";
}

/** One member name as a path segment: `.name` for ASCII identifiers, else `['...']` with RFC 9535 escaping. */
export function formatNameSegment(name: string): string {
  return isShorthandName(name) ? `.${name}` : `[${quoteName(name)}]`;
}
