/**
 * What a JSON body will weigh once parsed, estimated from its bytes as they
 * arrive, so the server's body budget can count it before JSON.parse builds it.
 *
 * Most JSON parses to about its own size (a rollout's token ids and
 * log-probs: 0.7–1.0×), but JSON crafted to parse large does not: an array
 * of empty objects weighs 21× its text in V8 (64 bytes per `{}`), of empty
 * arrays 13×, of short distinct strings 3× (measured on Node 20). The
 * estimate charges what dominates those cases:
 * - every object and array outside a string: CONTAINER_BYTES;
 * - every string value: STRING_BYTES plus its bytes. An object key is not
 *   charged: V8 keeps one copy of each distinct key, and its text is already
 *   in the bytes (charging keys made OpenAI-style log-prob objects count 5.5×
 *   their bytes against 2.5× in memory).
 * A body then weighs the larger of its bytes and that estimate. The bytes
 * themselves cover the common case (numbers, long strings). What the estimate
 * does not see is numbers V8 has to box: in a list that also holds an object
 * or a string, `-0` or a short decimal takes a heap number each (`[{},-0,-0,…]`
 * parses to 8× its text, `["",0.5,0.5,…]` to 6×).
 *
 * It scans with Buffer#indexOf (native) for the few bytes that matter,
 * looking at no more than 16 bytes at a time itself: 41 MB of rollout in
 * 3 ms, where JSON.parse takes 220. A quote, brace or bracket inside a string
 * is skipped (string contents are jumped over to their closing quote, escapes
 * honoured), whether a string was a key is decided by the first byte after it
 * that is not white space, and the state carries across chunks, so a body
 * split anywhere weighs the same.
 */
export const CONTAINER_BYTES = 64;
export const STRING_BYTES = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const BRACE = 0x7b;
const BRACKET = 0x5b;
const COLON = 0x3a;

/** JSON's white space: space, tab, line feed, carriage return. */
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

export class JsonWeight {
  /** Objects and arrays seen outside strings. */
  containers = 0;
  /** String values ended (keys are not counted). */
  strings = 0;
  /** Bytes inside those strings, escapes included. */
  stringBytes = 0;
  /** Every byte added. */
  bytes = 0;
  private inString = false;
  /** The last byte added was a backslash that escapes the next one (inside a string). */
  private escaping = false;
  /** Bytes so far of the string being read. */
  private current = 0;
  /** A string that has ended but is not yet known to be a value or a key: its bytes. */
  private pending: number | undefined;

  /**
   * The estimated weight of everything added so far: the larger of its bytes
   * and the parsed estimate (a string still being read, or not yet known to
   * be a key, counts as a value).
   */
  get weight(): number {
    const open = (this.inString ? STRING_BYTES + this.current : 0) + (this.pending === undefined ? 0 : STRING_BYTES + this.pending);
    return Math.max(this.bytes, this.containers * CONTAINER_BYTES + this.strings * STRING_BYTES + this.stringBytes + open);
  }

  /** Adds the next chunk of the body. */
  add(chunk: Buffer): void {
    const end = chunk.length;
    this.bytes += end;
    // Where the next `{` and `[` of this chunk are (end: none left). Each is searched for again only
    // once the scan has passed it, so every byte is searched through once per kind, however many
    // strings the chunk holds.
    const next = { [BRACE]: -1, [BRACKET]: -1 } as Record<number, number>;
    const occurrences = (byte: number, from: number, stop: number): number => {
      let n = 0;
      let at = next[byte]!;
      if (at < from) at = indexOrEnd(chunk, byte, from);
      while (at < stop) {
        n++;
        at = indexOrEnd(chunk, byte, at + 1);
      }
      next[byte] = at;
      return n;
    };
    let i = 0;
    while (i < end) {
      if (this.inString) {
        i = this.skipString(chunk, i, end);
        continue;
      }
      if (this.pending !== undefined) {
        // the string that just ended was a key if a `:` follows it
        while (i < end && isSpace(chunk[i]!)) i++;
        if (i === end) break;
        if (chunk[i] !== COLON) {
          this.strings++;
          this.stringBytes += this.pending;
        }
        this.pending = undefined;
      }
      const quote = indexOrEnd(chunk, QUOTE, i);
      this.containers += occurrences(BRACE, i, quote) + occurrences(BRACKET, i, quote);
      if (quote === end) break;
      this.inString = true;
      i = quote + 1;
    }
  }

  /** Inside a string from `from`: to just past its closing quote, or to the end of the chunk. */
  private skipString(buf: Buffer, from: number, end: number): number {
    let i = from;
    if (this.escaping) {
      // the first byte is escaped by the last backslash of the chunk before
      this.escaping = false;
      this.current++;
      i++;
    }
    while (i < end) {
      const quote = indexOrEnd(buf, QUOTE, i);
      if (quote === end) {
        this.current += end - i;
        this.escaping = trailingBackslashes(buf, i, end) % 2 === 1;
        return end;
      }
      // a quote after an odd run of backslashes is escaped: still in the string
      if (trailingBackslashes(buf, i, quote) % 2 === 1) {
        this.current += quote + 1 - i;
        i = quote + 1;
        continue;
      }
      this.pending = this.current + quote - i;
      this.current = 0;
      this.inString = false;
      return quote + 1;
    }
    return end;
  }
}

/** The index of the next `byte` in buf from `from`, or buf.length when there is none. */
function indexOrEnd(buf: Buffer, byte: number, from: number): number {
  // The next few bytes by hand first: a call into indexOf costs more than looking at a short
  // string or number (`"ab",` every few bytes made the scan as slow as JSON.parse).
  const near = Math.min(buf.length, from + NEAR);
  for (let i = from; i < near; i++) if (buf[i] === byte) return i;
  if (near === buf.length) return near;
  const at = buf.indexOf(byte, near);
  return at === -1 ? buf.length : at;
}

/** How many bytes indexOrEnd looks at itself before calling Buffer#indexOf. */
const NEAR = 16;

/** The length of the run of backslashes that ends just before `stop`, not going back past `from`. */
function trailingBackslashes(buf: Buffer, from: number, stop: number): number {
  let n = 0;
  while (stop - n - 1 >= from && buf[stop - n - 1] === BACKSLASH) n++;
  return n;
}
