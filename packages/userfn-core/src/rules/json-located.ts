import { decodeJsonString } from './json-string.js';
import type { Located, LocatedArray, LocatedEntry, LocatedObject, LocatedScalar, ParsedText, SyntaxProblem } from './located.js';

// Deeper documents are refused rather than risking the stack.
const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORDS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const;

class Stop {}

type Open = { -readonly [K in keyof LocatedObject]: LocatedObject[K] } | { -readonly [K in keyof LocatedArray]: LocatedArray[K] };

/**
 * Parses strict JSON (RFC 8259; a leading byte-order mark is skipped) keeping
 * the span of every value and key, so problems can name a place in the file.
 * `JSON.parse` gives no positions (and its messages differ between Node
 * versions), hence this small parser. It stops at the first syntax error and
 * returns the tree read so far, its unfinished objects and lists marked
 * `incomplete`, so an editor still checks the rules before the error.
 */
export function parseJsonLocated(text: string): ParsedText {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let problem: SyntaxProblem | undefined;
  // Objects and lists whose end has not been read yet.
  const open: Open[] = [];

  const stop = (message: string, start = pos, end = Math.min(text.length, start + 1)): never => {
    problem = { message, span: { start, end: Math.max(start, end) }, severity: 'error' };
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

  const describe = (): string => (pos >= text.length ? 'end of file' : `'${text[pos]}'`);

  const string = (): LocatedScalar & { value: string } => {
    const d = decodeJsonString(text, pos);
    if (d.error) stop(d.error.message, d.error.start, d.error.end);
    const node = { kind: 'scalar', span: { start: pos, end: d.end }, value: d.value, style: 'json' } as const;
    pos = d.end;
    return node;
  };

  // Each value is attached to its parent as soon as it starts, so a syntax
  // error inside it keeps what was read.
  function value(depth: number, attach: (v: Located) => void): void {
    if (depth > MAX_DEPTH) stop(`JSON nested deeper than ${MAX_DEPTH} levels`);
    skipSpace();
    const c = text[pos];
    if (c === '{') return object(depth, attach);
    if (c === '[') return array(depth, attach);
    if (c === '"') return attach(string());
    const start = pos;
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = pos;
      const m = NUMBER.exec(text);
      if (m) {
        pos += m[0].length;
        return attach({ kind: 'scalar', span: { start, end: pos }, value: Number(m[0]) });
      }
    }
    for (const [word, v] of WORDS) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return attach({ kind: 'scalar', span: { start, end: pos }, value: v });
      }
    }
    if (c === "'") stop('JSON strings use double quotes');
    stop(`expected a JSON value, found ${describe()}`);
  }

  /** Reads an object or a list: its opening character, its members separated by commas, its closing one. */
  function container(node: Open, attach: (v: Located) => void, closer: '}' | ']', member: () => void): void {
    const what = node.kind === 'object' ? 'object' : 'list';
    open.push(node);
    attach(node);
    pos++;
    skipSpace();
    if (text[pos] !== closer) {
      for (;;) {
        skipSpace();
        if (text[pos] === closer) stop(`trailing comma before ${closer}`);
        member();
        skipSpace();
        if (text[pos] === closer) break;
        if (text[pos] !== ',') stop(`expected ',' or '${closer}' in the ${what}, found ${describe()}`);
        pos++;
      }
    }
    node.span = { start: node.span!.start, end: ++pos };
    open.pop();
  }

  function object(depth: number, attach: (v: Located) => void): void {
    const entries: LocatedEntry[] = [];
    container({ kind: 'object', span: { start: pos, end: text.length }, entries }, attach, '}', () => {
      if (text[pos] !== '"') stop(`expected a property name in double quotes, found ${describe()}`);
      const key = string();
      skipSpace();
      if (text[pos] !== ':') stop(`expected ':' after the property name, found ${describe()}`);
      pos++;
      value(depth + 1, (v) => entries.push({ key: key.value, keySpan: key.span, value: v }));
    });
  }

  function array(depth: number, attach: (v: Located) => void): void {
    const items: Located[] = [];
    container({ kind: 'array', span: { start: pos, end: text.length }, items }, attach, ']', () => value(depth + 1, (v) => items.push(v)));
  }

  let root: Located | undefined;
  try {
    value(0, (v) => (root = v));
    skipSpace();
    if (pos < text.length) stop(`unexpected ${describe()} after the JSON value`);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    for (const node of open) node.incomplete = true;
  }
  return { root, problems: problem ? [problem] : [] };
}
