import { DEFAULT_LIMITS } from '../../common/limits.js';
import { parseSource } from '../syntax/parse-source.js';
import { format } from './printer.js';

/** Why a source cannot be formatted: its first syntax (or limit) error, at its offset. */
export interface FormatError {
  readonly message: string;
  readonly offset: number;
}

/** The first syntax (or limit) error of a source, for saying why it was not formatted. */
export function firstError(source: string): FormatError {
  const d = parseSource(source, DEFAULT_LIMITS).result.diagnostics.find((x) => x.severity === 'error');
  return d ? { message: `${d.message} [${d.code}]`, offset: d.span.start } : { message: 'it cannot be formatted', offset: 0 };
}

/** A whole `.userfn` file formatted by `format`: the canonical text, keeping the file's final line break (or its absence). */
export function formatSourceFile(text: string): { readonly text: string } | { readonly error: FormatError } {
  const out = format(text);
  if (out === null) return { error: firstError(text) };
  const eol = /\r?\n$/.exec(text)?.[0] ?? '';
  return { text: out.replace(/\s+$/, '') + eol };
}
