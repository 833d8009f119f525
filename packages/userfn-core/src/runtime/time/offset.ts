// Zone offsets, shared by the ISO parser and the pattern letters X, x and Z.
// The range is RFC 3339's grammar (hours 00–23, minutes 00–59) for every form,
// so the two parsers agree on which offsets exist; `-00:00` is zero.
import { type Fail, describeAt, isDigitAt, readFixedNumber } from './text-scan.js';

/** How an offset may be written. */
export interface OffsetForm {
  /** `Z` (either case) stands for +00:00. */
  readonly zulu: boolean;
  /** Minutes are separated by a colon: `±hh:mm` (then they are required). */
  readonly colon: boolean;
  /** Without a colon: whether `±hh` alone is accepted besides `±hhmm`. */
  readonly minutesOptional: boolean;
  /** The accepted shapes, for messages, e.g. `Z or ±hh:mm`. */
  readonly describe: string;
}

/** Reads an offset at `pos`: its value in minutes east of UTC and where it ends. */
export function readOffset(text: string, pos: number, form: OffsetForm, fail: Fail): { minutes: number; end: number } {
  const first = text[pos];
  if (form.zulu && (first === 'Z' || first === 'z')) return { minutes: 0, end: pos + 1 };
  if (first !== '+' && first !== '-') {
    fail(pos, `expected a zone offset (${form.describe}), found ${describeAt(text, pos)}`);
  }
  const sign = first === '-' ? -1 : 1;
  const hours = readFixedNumber(text, pos + 1, 2, 'offset hour', [0, 23], fail);
  let end = pos + 3;
  let minutes = 0;
  if (form.colon) {
    if (text[end] !== ':') fail(end, `expected ':' in the zone offset (${form.describe}), found ${describeAt(text, end)}`);
    minutes = readFixedNumber(text, end + 1, 2, 'offset minute', [0, 59], fail);
    end += 3;
  } else if (!form.minutesOptional || isDigitAt(text, end)) {
    minutes = readFixedNumber(text, end, 2, 'offset minute', [0, 59], fail);
    end += 2;
  }
  // `+ 0` normalises -00:00 to 0 rather than -0.
  return { minutes: sign * (hours * 60 + minutes) + 0, end };
}
