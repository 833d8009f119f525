/**
 * Decodes a YAML scalar's source text again, this time recording for every
 * UTF-16 unit of the value the document offset that encodes it: plain,
 * single-quoted ('' escapes) and double-quoted (backslash escapes) scalars
 * with line folding, and literal (|) and folded (>) block scalars with
 * chomping. The caller (scalarMap) compares the result with the value the
 * yaml library read and falls back to a coarse map when they differ, so a
 * corner this decoder does not model (an explicit indentation indicator, tabs
 * in odd places) costs precision, never correctness.
 */
import type { ScalarStyle } from './located.js';

/** The styles of a YAML string scalar. */
export type YamlScalarStyle = Exclude<ScalarStyle, 'json'>;

/** A scalar value with the document offset of each of its UTF-16 units. */
export interface DecodedScalar {
  readonly value: string;
  /** As in OffsetTableMap: one start per value unit, plus the end of the content. */
  readonly starts: number[];
}

class Out {
  value = '';
  readonly starts: number[] = [];
  push(s: string, at: number): void {
    for (let k = 0; k < s.length; k++) this.starts.push(at);
    this.value += s;
  }
}

const isBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';
const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Length of the line break at i (0 when there is none). */
function breakLength(text: string, i: number): number {
  if (text[i] === '\r') return text[i + 1] === '\n' ? 2 : 1;
  return text[i] === '\n' ? 1 : 0;
}

const DOUBLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * Flow scalars (plain and quoted): trailing blanks of a line are dropped, a
 * line break followed by the next line's content folds to one space, and each
 * empty line in between gives a line feed.
 */
function decodeFlow(text: string, from: number, to: number, style: YamlScalarStyle): DecodedScalar | undefined {
  const out = new Out();
  let pending: Array<[string, number]> = [];
  const flush = (): void => {
    for (const [ch, at] of pending) out.push(ch, at);
    pending = [];
  };
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (isBlank(c)) {
      pending.push([c, i]);
      i++;
      continue;
    }
    if (isBreak(c)) {
      pending = [];
      const at = i;
      i += breakLength(text, i);
      // count the empty lines that follow, then skip the next line's indentation
      const empties: number[] = [];
      for (;;) {
        let j = i;
        while (j < to && isBlank(text[j])) j++;
        if (j < to && isBreak(text[j])) {
          empties.push(j);
          i = j + breakLength(text, j);
          continue;
        }
        i = j;
        break;
      }
      if (empties.length === 0) out.push(' ', at);
      else for (const e of empties) out.push('\n', e);
      continue;
    }
    flush();
    if (style === 'single' && c === "'" && text[i + 1] === "'") {
      out.push("'", i);
      i += 2;
      continue;
    }
    if (style === 'double' && c === '\\') {
      const e = text[i + 1];
      if (isBreak(e)) {
        // an escaped line break joins the lines with nothing between them
        i += 1 + breakLength(text, i + 1);
        while (i < to && isBlank(text[i])) i++;
        continue;
      }
      if (e !== undefined && DOUBLE_ESCAPES[e] !== undefined) {
        out.push(DOUBLE_ESCAPES[e], i);
        i += 2;
        continue;
      }
      const digits = e === undefined ? undefined : HEX_ESCAPES[e];
      if (digits === undefined) return undefined;
      const hex = text.slice(i + 2, i + 2 + digits);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) return undefined;
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) return undefined;
      out.push(String.fromCodePoint(cp), i);
      i += 2 + digits;
      continue;
    }
    out.push(c, i);
    i++;
  }
  flush();
  out.starts.push(to);
  return { value: out.value, starts: out.starts };
}

interface BlockLine {
  /** Offset of the first content character (after the indentation). */
  readonly at: number;
  readonly content: string;
  /** Offset of the line break that ends the line (or the end of the text). */
  readonly breakAt: number;
  readonly empty: boolean;
}

/** Literal and folded block scalars: `|` keeps line breaks, `>` folds them; `-` strips and `+` keeps the final ones. */
function decodeBlock(text: string, from: number, to: number, style: YamlScalarStyle): DecodedScalar | undefined {
  const header = /^[|>]([-+]?)(\d?)([-+]?)[ \t]*(?:#[^\r\n]*)?/.exec(text.slice(from, to));
  if (!header) return undefined;
  if (header[2] !== '') return undefined; // explicit indentation: needs the parent's indentation, not modelled
  const chomp = header[1] || header[3];
  let i = from + header[0].length;
  const headerBreak = breakLength(text, i);
  if (headerBreak === 0) return undefined;
  i += headerBreak;

  // read raw lines up to `to`
  const raw: Array<{ start: number; end: number; breakLen: number }> = [];
  while (i < to) {
    let j = i;
    while (j < to && !isBreak(text[j])) j++;
    const bl = j < to ? breakLength(text, j) : 0;
    raw.push({ start: i, end: j, breakLen: bl });
    i = j + bl;
  }
  let indent = -1;
  for (const r of raw) {
    let k = r.start;
    while (k < r.end && text[k] === ' ') k++;
    if (k < r.end) {
      indent = k - r.start;
      break;
    }
  }
  if (indent === -1) {
    // no content at all: only `+` keeps the (empty) lines
    const out = new Out();
    if (chomp === '+') for (const r of raw) if (r.breakLen > 0) out.push('\n', r.end);
    out.starts.push(to);
    return { value: out.value, starts: out.starts };
  }
  if (indent === 0) return undefined;
  const lines: BlockLine[] = raw.map((r) => {
    const width = r.end - r.start;
    const lineText = text.slice(r.start, r.end);
    const empty = lineText.trim() === '' && width <= indent;
    return { at: Math.min(r.start + indent, r.end), content: empty ? '' : lineText.slice(indent), breakAt: r.end, empty };
  });

  let lastContent = -1;
  lines.forEach((l, k) => {
    if (!l.empty) lastContent = k;
  });
  const out = new Out();
  const body = lines.slice(0, lastContent + 1);
  const moreIndented = (l: BlockLine): boolean => isBlank(l.content[0]);
  let prev: BlockLine | undefined;
  let emptiesSincePrev: BlockLine[] = [];
  for (const l of body) {
    if (l.empty) {
      if (prev === undefined) out.push('\n', l.breakAt);
      else emptiesSincePrev.push(l);
      continue;
    }
    if (prev) {
      if (style === 'folded' && !moreIndented(prev) && !moreIndented(l)) {
        if (emptiesSincePrev.length === 0) out.push(' ', prev.breakAt);
        else for (const e of emptiesSincePrev) out.push('\n', e.breakAt);
      } else {
        out.push('\n', prev.breakAt);
        for (const e of emptiesSincePrev) out.push('\n', e.breakAt);
      }
    }
    for (let k = 0; k < l.content.length; k++) out.push(l.content[k]!, l.at + k);
    prev = l;
    emptiesSincePrev = [];
  }
  if (prev && chomp !== '-') {
    const last = body[body.length - 1]!;
    if (last.breakAt < to) out.push('\n', last.breakAt);
    if (chomp === '+') for (const l of lines.slice(lastContent + 1)) if (l.breakAt < to) out.push('\n', l.breakAt);
  }
  const contentEnd = prev ? prev.at + prev.content.length : to;
  // kept final line breaks lie after the last content character
  out.starts.push(Math.max(contentEnd, out.starts[out.starts.length - 1] ?? contentEnd));
  return { value: out.value, starts: out.starts };
}

/**
 * Decodes the scalar whose source runs from `start` to `end` (the yaml node's
 * `range[0]` and `range[1]`), or undefined when the style is not modelled.
 */
export function decodeYamlScalar(text: string, start: number, end: number, style: YamlScalarStyle): DecodedScalar | undefined {
  switch (style) {
    case 'plain':
      return decodeFlow(text, start, end, style);
    case 'single':
    case 'double':
      if (end - start < 2) return undefined;
      return decodeFlow(text, start + 1, end - 1, style);
    case 'literal':
    case 'folded':
      return decodeBlock(text, start, end, style);
  }
}
