// Turns a Java-style pattern into tokens (fields and literal text) and checks
// it once, so an invalid pattern is reported at its offset before any text is
// read — statically when the pattern is a literal (validatePattern).
import { PatternError } from './errors.js';
import { MAX_PATTERN_LENGTH } from './input-limits.js';
import { type FieldKind, type FieldSpec, FIELD_NAMES, LETTER_ENTRIES, type LetterEntry, UNSUPPORTED_LETTERS } from './pattern-letters.js';
import { combinationProblem } from './pattern-rules.js';
import { quote } from './text-scan.js';

/** A field of the pattern: the letter run as written, where it starts, and how to read it. */
export interface FieldToken {
  readonly type: 'field';
  readonly run: string;
  readonly offset: number;
  readonly kind: FieldKind;
  readonly clock12: boolean;
  readonly spec: FieldSpec;
}

/** Literal text (quoted, or punctuation and spaces) to match exactly. */
export interface LiteralToken {
  readonly type: 'literal';
  readonly text: string;
  readonly offset: number;
}

/** A checked pattern. */
export interface CompiledPattern {
  readonly pattern: string;
  readonly tokens: readonly (FieldToken | LiteralToken)[];
  /** Each field the pattern sets (at most once). */
  readonly fields: ReadonlyMap<FieldKind, FieldToken>;
}

const entryByRun = new Map<string, LetterEntry>();
for (const e of LETTER_ENTRIES) for (const run of [e.letters, ...e.also]) entryByRun.set(run, e);

// Java reserves these for optional sections and future use; reading them as
// literals would silently change the meaning of a pattern written for Java.
const RESERVED_CHARS = '[]{}#';

// Patterns are nearly always literals evaluated many times; compiling is cheap
// but not free. Successful compilations are cached, bounded by clearing.
const cache = new Map<string, CompiledPattern>();
const CACHE_SIZE = 128;

/** Compiles and checks a pattern; the PatternError is returned, not thrown. */
export function compilePattern(pattern: string): CompiledPattern | PatternError {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  const result = compileUncached(pattern);
  if (!(result instanceof PatternError)) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(pattern, result);
  }
  return result;
}

/** Checks a `datetime_parse` pattern without parsing any text: the PatternError (with its offset), or null when valid. */
export function validatePattern(pattern: string): PatternError | null {
  const compiled = compilePattern(pattern);
  return compiled instanceof PatternError ? compiled : null;
}

function compileUncached(pattern: string): CompiledPattern | PatternError {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return error(MAX_PATTERN_LENGTH, `the pattern is too long (${pattern.length} characters; at most ${MAX_PATTERN_LENGTH})`);
  }
  const tokens: (FieldToken | LiteralToken)[] = [];
  const fields = new Map<FieldKind, FieldToken>();
  const addLiteral = (text: string, offset: number): void => {
    const last = tokens[tokens.length - 1];
    if (last?.type === 'literal') tokens[tokens.length - 1] = { ...last, text: last.text + text };
    else tokens.push({ type: 'literal', text, offset });
  };

  let i = 0;
  while (i < pattern.length) {
    const ch = pattern.charAt(i);
    if (isAsciiLetter(ch)) {
      let end = i + 1;
      while (pattern[end] === ch) end++;
      const field = letterRun(pattern.slice(i, end), i);
      if (field instanceof PatternError) return field;
      const earlier = fields.get(field.kind);
      if (earlier !== undefined) {
        return error(i, `${quote(field.run)} sets the ${FIELD_NAMES[field.kind]} again (already set by ${quote(earlier.run)} at position ${earlier.offset})`);
      }
      fields.set(field.kind, field);
      tokens.push(field);
      i = end;
    } else if (ch === "'") {
      const quoted = quotedText(pattern, i);
      if (quoted instanceof PatternError) return quoted;
      addLiteral(quoted.text, i);
      i = quoted.end;
    } else if (RESERVED_CHARS.includes(ch)) {
      return error(i, `'${ch}' is reserved (optional sections are not supported); quote it to match it literally: '${ch}'`);
    } else {
      addLiteral(ch, i);
      i++;
    }
  }
  if (fields.size === 0) return error(0, 'the pattern has no date or time field');
  const compiled: CompiledPattern = { pattern, tokens, fields };
  const problem = combinationProblem(compiled);
  return problem === null ? compiled : error(problem.offset, problem.message);
}

function letterRun(run: string, offset: number): FieldToken | PatternError {
  const found = entryByRun.get(run);
  if (found !== undefined) {
    return { type: 'field', run, offset, kind: found.kind, clock12: found.clock12, spec: found.spec(run) };
  }
  const letter = run.charAt(0);
  const forms = LETTER_ENTRIES.filter((e) => e.letters[0] === letter).flatMap((e) => [e.letters, ...e.also]);
  if (forms.length > 0) {
    return error(offset, `${quote(run)} is not supported; the forms of '${letter}' are ${forms.sort((a, b) => a.length - b.length).join(', ')}`);
  }
  const known = UNSUPPORTED_LETTERS[letter];
  if (known === undefined) {
    return error(offset, `'${letter}' is not a supported pattern letter; letters are reserved for fields, so quote literal text: '${run}'`);
  }
  const advice = known.advice === undefined ? '' : `; ${known.advice}`;
  return error(offset, `pattern letter '${letter}' (${known.meaning}) is not supported${advice}`);
}

/** Reads `'...'` starting at the opening quote; `''` inside or outside quotes is one quote. */
function quotedText(pattern: string, start: number): { text: string; end: number } | PatternError {
  if (pattern[start + 1] === "'") return { text: "'", end: start + 2 };
  let text = '';
  let i = start + 1;
  for (;;) {
    if (i >= pattern.length) return error(start, "unterminated quoted text: close it with ' (write '' for a quote)");
    if (pattern[i] === "'") {
      if (pattern[i + 1] !== "'") return { text, end: i + 1 };
      text += "'";
      i += 2;
    } else {
      text += pattern[i];
      i++;
    }
  }
}

function isAsciiLetter(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

// The caller adds its own "invalid datetime pattern" prefix (and a span when
// the pattern is a literal); the position stays in the text for dynamic patterns.
function error(offset: number, message: string): PatternError {
  return new PatternError(`${message} (at position ${offset} of the pattern)`, offset);
}
