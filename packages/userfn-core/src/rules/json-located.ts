import type { Located, LocatedEntry } from './located.js';

/** A JSON syntax error at a UTF-16 offset of the text. */
export interface JsonSyntaxError {
  readonly message: string;
  readonly offset: number;
}

// Deeper documents are refused rather than risking the stack.
const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Fail {
  constructor(readonly error: JsonSyntaxError) {}
}

/**
 * Parses strict JSON (RFC 8259) keeping the span of every value and key, so
 * problems can name a line in the file. `JSON.parse` gives no positions (and
 * its messages differ between Node versions), hence this small parser.
 */
export function parseJsonLocated(text: string): { value: Located } | { error: JsonSyntaxError } {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (message: string, at = i): never => {
    throw new Fail({ message, offset: at });
  };
  const ws = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  const unexpected = (): never => (i >= text.length ? fail('unexpected end of the JSON text') : fail(`unexpected character ${JSON.stringify(text[i])}`));

  const string = (): string => {
    const start = i++;
    let out = '';
    let from = i;
    for (;;) {
      if (i >= text.length) fail('unterminated string', start);
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c < 32) fail('a control character must be escaped inside a JSON string');
      if (c !== 92) {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1];
      if (e === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('invalid \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else if (e !== undefined && ESCAPES[e] !== undefined) {
        out += ESCAPES[e];
        i += 2;
      } else fail(`invalid escape \\${e ?? ''}`);
      from = i;
    }
    out += text.slice(from, i);
    i++;
    return out;
  };

  const value = (depth: number): Located => {
    if (depth > MAX_DEPTH) fail('the JSON nests too deeply');
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: LocatedEntry[] = [];
      ws();
      if (text[i] === '}') i++;
      else
        for (;;) {
          ws();
          if (text[i] !== '"') unexpected();
          const keyStart = i;
          const key = string();
          const keySpan = { start: keyStart, end: i };
          ws();
          if (text[i] !== ':') unexpected();
          i++;
          entries.push({ key, keySpan, value: value(depth + 1) });
          ws();
          if (text[i] === ',') i++;
          else if (text[i] === '}') {
            i++;
            break;
          } else unexpected();
        }
      return { kind: 'object', span: { start, end: i }, entries };
    }
    if (c === '[') {
      i++;
      const items: Located[] = [];
      ws();
      if (text[i] === ']') i++;
      else
        for (;;) {
          items.push(value(depth + 1));
          ws();
          if (text[i] === ',') i++;
          else if (text[i] === ']') {
            i++;
            break;
          } else unexpected();
        }
      return { kind: 'array', span: { start, end: i }, items };
    }
    if (c === '"') {
      const s = string();
      return { kind: 'scalar', span: { start, end: i }, value: s, style: 'double' };
    }
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { kind: 'scalar', span: { start, end: i }, value: v };
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return unexpected();
    i += m[0].length;
    return { kind: 'scalar', span: { start, end: i }, value: Number(m[0]) };
  };

  try {
    const root = value(0);
    ws();
    if (i < text.length) unexpected();
    return { value: root };
  } catch (e) {
    if (e instanceof Fail) return { error: e.error };
    throw e;
  }
}
