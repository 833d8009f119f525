// `datetime_parse`: reads the text against a compiled pattern, strictly —
// fixed-width fields take exactly their digits, variable ones up to their
// maximum, literals must match exactly, and the whole text must be used.
import { Datetime } from '../../common/values/time-values.js';
import { PatternError, TimeParseError } from './errors.js';
import { MAX_TEXT_LENGTH } from './input-limits.js';
import { readOffset } from './offset.js';
import { type CompiledPattern, compilePattern, type FieldToken } from './pattern-compile.js';
import { FIELD_NAMES, type FieldKind } from './pattern-letters.js';
import { resolveFields } from './pattern-resolve.js';
import { type Fail, checkRange, countDigits, describeAt, digitsValue, fractionMillis, matchesIgnoreAsciiCase, quote } from './text-scan.js';

/** Parses `text` with a Java DateTimeFormatter-style pattern (UTC unless the pattern reads an offset); throws PatternError or TimeParseError. */
export function parseDatetimePattern(text: string, pattern: string): Datetime {
  const compiled = compilePattern(pattern);
  if (compiled instanceof PatternError) throw compiled;
  if (text.length > MAX_TEXT_LENGTH) {
    throw new TimeParseError(`text does not match pattern ${quote(pattern)}: it is too long (${text.length} characters; at most ${MAX_TEXT_LENGTH})`);
  }
  const fail: Fail = (pos, message) => {
    throw new TimeParseError(`text ${quote(text)} does not match pattern ${quote(pattern)} at position ${pos}: ${message}`);
  };
  const values = readFields(text, compiled, fail);
  return new Datetime(
    resolveFields(values, compiled, (message) => {
      throw new TimeParseError(`text ${quote(text)} with pattern ${quote(pattern)}: ${message}`);
    }),
  );
}

/** Scans the text, returning the value read for each field. */
function readFields(text: string, compiled: CompiledPattern, fail: Fail): Map<FieldKind, number> {
  const values = new Map<FieldKind, number>();
  let pos = 0;
  for (const token of compiled.tokens) {
    if (token.type === 'literal') {
      for (let i = 0; i < token.text.length; i++, pos++) {
        if (text[pos] !== token.text[i]) fail(pos, `expected ${quote(token.text.charAt(i))}, found ${describeAt(text, pos)}`);
      }
    } else {
      const read = readField(text, pos, token, fail);
      values.set(token.kind, read.value);
      pos = read.end;
    }
  }
  if (pos < text.length) fail(pos, `unexpected ${describeAt(text, pos)} after the end of the pattern`);
  return values;
}

function readField(text: string, pos: number, token: FieldToken, fail: Fail): { value: number; end: number } {
  const spec = token.spec;
  const what = FIELD_NAMES[token.kind];
  switch (spec.type) {
    case 'number': {
      const digits = countDigits(text, pos, spec.maxWidth);
      if (digits < spec.minWidth) {
        const width = spec.minWidth === spec.maxWidth ? `${spec.minWidth}` : `${spec.minWidth} to ${spec.maxWidth}`;
        fail(pos, `expected ${width} digits for the ${what} (${quote(token.run)}), found ${describeAt(text, pos)}`);
      }
      const value = checkRange(digitsValue(text, pos, pos + digits), what, spec.range, pos, fail);
      return { value: value + spec.base, end: pos + digits };
    }
    case 'fraction': {
      if (countDigits(text, pos, spec.digits) < spec.digits) {
        fail(pos, `expected ${spec.digits} digits for the ${what} (${quote(token.run)}), found ${describeAt(text, pos)}`);
      }
      return { value: fractionMillis(text, pos, spec.digits), end: pos + spec.digits };
    }
    case 'name': {
      const index = spec.names.findIndex((name) => matchesIgnoreAsciiCase(text, pos, name));
      const name = spec.names[index];
      if (name === undefined) {
        fail(pos, `expected a ${what} such as ${quote(spec.names[0] ?? '')} (${quote(token.run)}), found ${describeAt(text, pos)}`);
      }
      return { value: index + 1, end: pos + name.length };
    }
    case 'ampm': {
      if (matchesIgnoreAsciiCase(text, pos, 'AM')) return { value: 0, end: pos + 2 };
      if (matchesIgnoreAsciiCase(text, pos, 'PM')) return { value: 1, end: pos + 2 };
      return fail(pos, `expected AM or PM, found ${describeAt(text, pos)}`);
    }
    case 'offset': {
      const offset = readOffset(text, pos, spec.form, fail);
      return { value: offset.minutes, end: offset.end };
    }
  }
}
