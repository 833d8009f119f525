/**
 * A small JSON parser that keeps offsets (the standard JSON.parse does not),
 * for rule-set files. It stops at the first syntax error and returns the tree
 * read so far, so the conditions before the error are still checked while the
 * user is typing. Nesting is bounded, so hostile input cannot overflow the stack.
 */
import { decodeJsonString } from './json-string.js';

/** A half-open range of document offsets. */
export interface JsonRange {
  readonly start: number;
  readonly end: number;
}

/** Any JSON value, with its range. */
export type JsonNode = JsonObject | JsonArray | JsonString | JsonScalar;

/** `{ ... }` with its members in order (duplicates kept). */
export interface JsonObject extends JsonRange {
  readonly kind: 'object';
  readonly members: JsonMember[];
}

/** One `"key": value` of an object. */
export interface JsonMember {
  readonly key: JsonString;
  /** Absent when the document ends (or breaks) before the value. */
  value: JsonNode | undefined;
}

/** `[ ... ]`. */
export interface JsonArray extends JsonRange {
  readonly kind: 'array';
  readonly items: JsonNode[];
}

/** A string; its range includes the quotes. */
export interface JsonString extends JsonRange {
  readonly kind: 'string';
  readonly value: string;
}

/** A number, `true`/`false` or `null`. */
export interface JsonScalar extends JsonRange {
  readonly kind: 'number' | 'boolean' | 'null';
  readonly value: number | boolean | null;
}

/** The first syntax error of the text. */
export interface JsonSyntaxError extends JsonRange {
  readonly message: string;
}

/** What parseJsonTree read: the tree so far and the error that stopped it, if any. */
export interface JsonParse {
  readonly root: JsonNode | undefined;
  readonly error: JsonSyntaxError | undefined;
}

const MAX_DEPTH = 256;

class Stop extends Error {}

/** Parses a JSON text, keeping offsets. Never throws. */
export function parseJsonTree(text: string): JsonParse {
  let pos = 0;
  let error: JsonSyntaxError | undefined;

  const stop = (message: string, start = pos, end = Math.min(text.length, start + 1)): never => {
    error = { message, start, end: Math.max(start, end) };
    throw new Stop();
  };

  const skipSpace = (): void => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) pos++;
      else if (c === 47 /* / */ && (text[pos + 1] === '/' || text[pos + 1] === '*')) stop('comments are not allowed in JSON', pos, pos + 2);
      else return;
    }
  };

  const str = (): JsonString => {
    const d = decodeJsonString(text, pos);
    if (d.error) stop(d.error.message, d.error.start, d.error.end);
    const node: JsonString = { kind: 'string', value: d.value, start: pos, end: d.end };
    pos = d.end;
    return node;
  };

  const describe = (): string => (pos >= text.length ? 'end of file' : `'${text[pos]}'`);

  function value(depth: number, attach: (n: JsonNode) => void): void {
    if (depth > MAX_DEPTH) stop(`JSON nested deeper than ${MAX_DEPTH} levels`);
    skipSpace();
    const c = text[pos];
    if (c === '{') return object(depth, attach);
    if (c === '[') return array(depth, attach);
    if (c === '"') return attach(str());
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = 0;
    const rest = text.slice(pos, pos + 400);
    const num = m.exec(rest);
    if (num && num[0].length > 0 && (c === '-' || (c !== undefined && c >= '0' && c <= '9'))) {
      const start = pos;
      pos += num[0].length;
      return attach({ kind: 'number', value: Number(num[0]), start, end: pos });
    }
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        const start = pos;
        pos += word.length;
        return attach({ kind: v === null ? 'null' : 'boolean', value: v, start, end: pos });
      }
    }
    if (c === "'") stop('JSON strings use double quotes');
    stop(`expected a JSON value, found ${describe()}`);
  }

  function object(depth: number, attach: (n: JsonNode) => void): void {
    const node: { -readonly [K in keyof JsonObject]: JsonObject[K] } = { kind: 'object', members: [], start: pos, end: text.length };
    attach(node);
    pos++;
    skipSpace();
    if (text[pos] === '}') {
      node.end = ++pos;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[pos] !== '"') stop(text[pos] === '}' ? 'trailing comma before }' : `expected a property name in double quotes, found ${describe()}`);
      const member: JsonMember = { key: str(), value: undefined };
      node.members.push(member);
      skipSpace();
      if (text[pos] !== ':') stop(`expected ':' after the property name, found ${describe()}`);
      pos++;
      value(depth + 1, (v) => (member.value = v));
      skipSpace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      if (text[pos] === '}') {
        node.end = ++pos;
        return;
      }
      stop(`expected ',' or '}' in the object, found ${describe()}`);
    }
  }

  function array(depth: number, attach: (n: JsonNode) => void): void {
    const node: { -readonly [K in keyof JsonArray]: JsonArray[K] } = { kind: 'array', items: [], start: pos, end: text.length };
    attach(node);
    pos++;
    skipSpace();
    if (text[pos] === ']') {
      node.end = ++pos;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[pos] === ']') stop('trailing comma before ]');
      value(depth + 1, (v) => node.items.push(v));
      skipSpace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      if (text[pos] === ']') {
        node.end = ++pos;
        return;
      }
      stop(`expected ',' or ']' in the array, found ${describe()}`);
    }
  }

  let root: JsonNode | undefined;
  try {
    value(0, (n) => (root = n));
    skipSpace();
    if (pos < text.length) stop(`unexpected ${describe()} after the JSON value`);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return { root, error };
}
