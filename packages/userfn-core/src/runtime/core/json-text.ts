import { Codes } from '../../common/diagnostics/codes.js';
import { isArray, ownElement } from '../../common/values/json-values.js';
import { Datetime, Duration, formatIsoDuration, formatIsoUtc } from '../../common/values/time-values.js';
import { fromContext } from './context-values.js';
import { BareFault } from './fault.js';

/*
 * JSON text of a value (to_string, explanations), written by walking the data
 * itself rather than with JSON.stringify: JSON.stringify calls a `toJSON`
 * member a context object may hold, throws on a bigint, recurses (a deep
 * value overflows the stack) and cannot stop early. Here only own enumerable
 * members of plain objects (Object.keys order) and array elements by index
 * are read, each through fromContext (anything JSON cannot hold is `null`),
 * with an explicit work list, and the walk stops as soon as a limit is met.
 */

/** How a walk ends when the text gets longer than its limit. */
type OnLong = 'throw' | 'truncate';

/**
 * The JSON text of `v`; a value nested deeper than `maxDepth` levels or a text
 * longer than `maxLength` is a limit fault (BareFault: the caller adds the span).
 */
export function jsonText(v: unknown, maxLength: number, maxDepth: number): string {
  return write(v, maxLength, maxDepth, 'throw');
}

/** The start of the JSON text of `v`: at least `max` characters of it when it is longer (never a fault). */
export function jsonPreview(v: unknown, max: number): string {
  return write(v, max, Infinity, 'truncate');
}

/** A value as a UserFn string literal (a quote doubled), to write source a user can copy. */
export function singleQuoted(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Short text of a value for messages and explanations: JSON (written without calling anything the value holds), truncated. */
export function describeValue(v: unknown, max = 80): string {
  const s = typeof v === 'string' ? singleQuoted(v) : jsonPreview(v, max);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function write(root: unknown, maxLength: number, maxDepth: number, onLong: OnLong): string {
  const w = new Writer(maxLength, onLong);
  w.queue(root, 0);
  while (w.work.length > 0) {
    const item = w.work.pop();
    const depth = w.depths.pop()!;
    if (depth < 0) w.text += item as string;
    else {
      if (depth > maxDepth) throw new BareFault(Codes.ContextTooDeep, `the value is nested deeper than ${maxDepth} levels`);
      const v = fromContext(item);
      if (isArray(v)) w.openList(v, depth);
      else if (v !== null && typeof v === 'object' && !(v instanceof Datetime || v instanceof Duration)) w.openRecord(v, depth);
      else w.text += leafText(v);
    }
    if (w.text.length > maxLength) {
      if (onLong === 'truncate') return w.text;
      throw w.tooLong();
    }
  }
  return w.text;
}

/** Text of a value without members. */
function leafText(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '0' : String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Datetime) return JSON.stringify(formatIsoUtc(v.ms));
  if (v instanceof Duration) return JSON.stringify(formatIsoDuration(v.ms));
  return 'null';
}

/** The text so far and the work list: what is still to write, last first. */
class Writer {
  text = '';
  /** A value to write, or punctuation and member names to write as they are. */
  readonly work: unknown[] = [];
  /** The depth of each work item (>= 0) for values, -1 for text. */
  readonly depths: number[] = [];

  constructor(
    private readonly maxLength: number,
    private readonly onLong: OnLong,
  ) {}

  queue(item: unknown, depth: number): void {
    this.work.push(item);
    this.depths.push(depth);
  }

  tooLong(): BareFault {
    return new BareFault(Codes.StringTooLong, `the string would be longer than ${this.maxLength} characters`);
  }

  /**
   * How many of `n` children to queue, each at least `each` characters long
   * with its separator: a container too long for the room left fails (or,
   * when truncating, is cut) before anything is queued for it.
   */
  private fitting(n: number, each: number): number {
    const room = this.maxLength - this.text.length;
    if (each * n + 1 <= room) return n;
    if (this.onLong === 'throw') throw this.tooLong();
    return Math.min(n, room + 1);
  }

  /** Writes `[` and queues the elements and the rest of the punctuation. */
  openList(list: readonly unknown[], depth: number): void {
    const n = list.length;
    if (n === 0) {
      this.text += '[]';
      return;
    }
    const shown = this.fitting(n, 2);
    this.text += '[';
    this.queue(']', -1);
    for (let i = shown - 1; i >= 0; i--) {
      this.queue(ownElement(list, i), depth + 1);
      if (i > 0) this.queue(',', -1);
    }
  }

  /** Writes `{` and queues the members (`"name":value`, in Object.keys order) and the rest of the punctuation. */
  openRecord(o: object, depth: number): void {
    const keys = Object.keys(o);
    const n = keys.length;
    if (n === 0) {
      this.text += '{}';
      return;
    }
    // `"":`, a value and a separator: at least five characters a member.
    const shown = this.fitting(n, 5);
    this.text += '{';
    this.queue('}', -1);
    for (let i = shown - 1; i >= 0; i--) {
      const k = keys[i]!;
      this.queue((o as Record<string, unknown>)[k], depth + 1);
      this.queue(`${JSON.stringify(k)}:`, -1);
      if (i > 0) this.queue(',', -1);
    }
  }
}
