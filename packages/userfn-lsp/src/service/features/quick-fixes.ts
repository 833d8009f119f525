/**
 * The obvious fixes of a UserFn source, in its own offsets: did-you-mean for
 * functions and paths, `=`/`===` to `==` and `!==` to `!=`, a double-quoted string to single
 * quotes. Each is derived from a core diagnostic (by code, never by message
 * text, except for the suggested name the message carries).
 */
import { Codes, formatNameSegment, tryCompilePath, type Diagnostic, type LexToken } from '@userfn/core';
import type { SourceEdit } from './source-items.js';
import { escapeInLiteral, literalValue, sourceOffsetOf, valueOffsetAt } from './string-literal.js';

/** A fix for one core diagnostic. */
export interface SourceFix {
  readonly title: string;
  readonly diagnostic: Diagnostic;
  readonly edit: SourceEdit;
  /** The fix everyone wants: clients may apply it on save / with one key. */
  readonly preferred: boolean;
}

/** The name in `did you mean 'x'?`, as the core's messages end. */
function suggestion(d: Diagnostic): string | undefined {
  return /did you mean '([^']+)'\?/.exec(d.message)?.[1];
}

/** The string token that holds source offset range [start, end). */
function stringTokenAt(tokens: readonly LexToken[], start: number, end: number): LexToken | undefined {
  return tokens.find((t) => t.kind === 'string' && t.span.start < start + 1 && t.span.end >= end);
}

/** Replaces the whole path segment the warning points into by the suggested member, quoted as it needs. */
function pathFix(d: Diagnostic, tokens: readonly LexToken[], name: string): SourceEdit | undefined {
  const token = stringTokenAt(tokens, d.span.start, d.span.end);
  if (!token) return undefined;
  const lit = literalValue(token);
  const compiled = tryCompilePath(lit.value);
  if (!compiled.ok) return undefined;
  const at = valueOffsetAt(lit, d.span.start);
  const seg = compiled.path.segments.find((s) => at >= s.offset && at < s.offset + s.length);
  if (!seg || seg.descendant) return undefined;
  return {
    start: sourceOffsetOf(lit, seg.offset),
    end: sourceOffsetOf(lit, seg.offset + seg.length),
    text: escapeInLiteral(formatNameSegment(name), lit.quote),
  };
}

/** Every fix the diagnostics of a source allow. */
export function quickFixes(source: string, diagnostics: readonly Diagnostic[], tokens: readonly LexToken[]): SourceFix[] {
  const fixes: SourceFix[] = [];
  for (const d of diagnostics) {
    const written = source.slice(d.span.start, d.span.end);
    switch (d.code) {
      case Codes.UnknownFunction: {
        const name = suggestion(d);
        if (name) fixes.push({ title: `Change to '${name}'`, diagnostic: d, edit: { start: d.span.start, end: d.span.end, text: name }, preferred: true });
        break;
      }
      case Codes.UndeclaredPath: {
        const name = suggestion(d);
        const edit = name === undefined ? undefined : pathFix(d, tokens, name);
        if (name && edit) fixes.push({ title: `Change to '${name}'`, diagnostic: d, edit, preferred: true });
        break;
      }
      case Codes.AssignmentOperator:
      case Codes.StrictEquality: {
        // `=` is an error and `===`/`!==` a warning (read as `==`/`!=`): each gets the operator it means.
        const plain = written === '=' || written === '===' ? '==' : written === '!==' ? '!=' : undefined;
        if (plain)
          fixes.push({
            title: `Replace '${written}' with '${plain}'`,
            diagnostic: d,
            edit: { start: d.span.start, end: d.span.end, text: plain },
            preferred: true,
          });
        break;
      }
      case Codes.DoubleQuotedString:
        if (written.length >= 2 && written.startsWith('"') && written.endsWith('"')) {
          const text = `'${written.slice(1, -1).replaceAll("'", "''")}'`;
          fixes.push({ title: 'Use single quotes', diagnostic: d, edit: { start: d.span.start, end: d.span.end, text }, preferred: true });
        }
        break;
    }
  }
  return fixes;
}
