/** The offset just past the JSON string starting at `text[i] === '"'`. */
function skipString(text: string, i: number): number {
  for (let j = i + 1; ; ) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    // The quote closes the string unless an odd number of backslashes precede it.
    let k = q - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** The offset just past the JSON value starting at `i` (the text is known to be valid JSON). */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = skipString(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        if (--depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !/[\s,}\]]/.test(text[j]!)) j++;
  return j;
}

const isWs = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * Sets a top-level key of a JSON object text to a JSON value text, leaving
 * every other byte as written (numbers such as `1.0`, escapes, key order): the
 * key's value is replaced where it stands (every occurrence, when the key is
 * repeated), or the key is appended. `hasKey` says whether the object already
 * has it (the caller parsed the text). White space around the object is kept
 * as written, so the `\r` of a CRLF line stays.
 */
export function setTopLevelKey(text: string, key: string, valueJson: string, hasKey: boolean): string {
  let end = text.length;
  while (end > 0 && isWs(text.charCodeAt(end - 1))) end--;
  let start = 0;
  while (start < end && isWs(text.charCodeAt(start))) start++;
  if (!hasKey) {
    let k = end - 2;
    while (k > start && isWs(text.charCodeAt(k))) k--;
    const empty = k === start; // only `{` before the closing brace
    return `${text.slice(0, end - 1)}${empty ? '' : ','}${JSON.stringify(key)}:${valueJson}}${text.slice(end)}`;
  }
  let out = '';
  let from = 0;
  // Walk the top-level members: key, colon, value, comma.
  let i = start + 1;
  for (;;) {
    while (i < end && isWs(text.charCodeAt(i))) i++;
    if (i >= end || text[i] !== '"') break;
    const keyEnd = skipString(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    i = keyEnd;
    while (i < end && text[i] !== ':') i++;
    i++;
    while (i < end && isWs(text.charCodeAt(i))) i++;
    const valueEnd = skipValue(text, i);
    // Every occurrence is replaced: JSON.parse keeps the last one, and all of them now agree.
    if (name === key) {
      out += text.slice(from, i) + valueJson;
      from = valueEnd;
    }
    i = valueEnd;
    while (i < end && isWs(text.charCodeAt(i))) i++;
    if (text[i] !== ',') break;
    i++;
  }
  return out + text.slice(from);
}
