/**
 * What is at the cursor in a UserFn source, read from the tokens (not the
 * AST), so it works on the half-typed text an editor sends: `get('$.out`,
 * `length(` ... It finds the string, word or comment under the cursor and
 * the innermost call whose argument list holds it.
 */
import type { LexToken, Span } from '@userfn/core';

/** The call whose argument list holds the cursor. */
export interface EnclosingCall {
  readonly name: string;
  readonly nameSpan: Span;
  /** Offset of the `(`. */
  readonly open: number;
  /** 0-based index of the argument the cursor is in. */
  readonly argIndex: number;
}

/** What the cursor is in: a comment, a number, a string token, or code (with the word under it). */
export type CursorContext =
  | { readonly kind: 'comment' }
  | { readonly kind: 'number'; readonly call: EnclosingCall | undefined }
  | { readonly kind: 'string'; readonly token: LexToken; readonly call: EnclosingCall | undefined }
  | { readonly kind: 'code'; readonly word: Span; readonly call: EnclosingCall | undefined };

/** An unterminated string runs to the end of the source: a cursor at its end is still inside it. */
function unterminated(t: LexToken): boolean {
  return t.kind === 'string' && !(t.image.length > 1 && t.image.endsWith(t.image[0]!));
}

const isWordKind = (t: LexToken): boolean => t.kind === 'function' || t.kind === 'identifier' || t.kind === 'keyword';

/** The cursor context at source offset `o`. */
export function cursorContext(tokens: readonly LexToken[], o: number): CursorContext {
  // k: index of the first token that ends after o (the token under or after the cursor)
  let k = tokens.findIndex((t) => t.span.end > o);
  if (k < 0) k = tokens.length;
  const here = tokens[k];
  if (here && here.span.start < o) {
    if (here.kind === 'comment') return { kind: 'comment' };
    if (here.kind === 'number') return { kind: 'number', call: enclosingCall(tokens, k) };
    if (here.kind === 'string') return { kind: 'string', token: here, call: enclosingCall(tokens, k) };
    if (isWordKind(here)) return { kind: 'code', word: here.span, call: enclosingCall(tokens, k) };
    return { kind: 'code', word: { start: o, end: o }, call: enclosingCall(tokens, k) };
  }
  const before = tokens[k - 1];
  if (before && before.span.end === o) {
    if (unterminated(before)) return { kind: 'string', token: before, call: enclosingCall(tokens, k - 1) };
    // a line comment runs to the end of its line, an unterminated block comment to the end of the source
    if (before.kind === 'comment' && (before.image.startsWith('//') || !before.image.endsWith('*/') || before.image.length < 4)) return { kind: 'comment' };
    if (before.kind === 'number') return { kind: 'number', call: enclosingCall(tokens, k - 1) };
    if (isWordKind(before)) return { kind: 'code', word: before.span, call: enclosingCall(tokens, k - 1) };
  }
  return { kind: 'code', word: { start: o, end: o }, call: enclosingCall(tokens, k) };
}

/**
 * Scans back from token `index` (exclusive) for the unmatched `(` of a call.
 * Commas count only at the level being scanned; an unmatched `[` or a
 * grouping `(` in between means the commas seen so far were inside it.
 */
export function enclosingCall(tokens: readonly LexToken[], index: number): EnclosingCall | undefined {
  let depth = 0;
  let commas = 0;
  for (let i = index - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.kind !== 'punctuation') continue;
    const c = t.image;
    if (c === ')' || c === ']') depth++;
    else if (c === '(' || c === '[') {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (c === '(') {
        const callee = previousSignificant(tokens, i);
        if (callee && (callee.kind === 'function' || callee.kind === 'identifier' || (callee.kind === 'keyword' && callee.image.toLowerCase() === 'if'))) {
          return { name: callee.kind === 'keyword' ? 'if' : callee.image, nameSpan: callee.span, open: t.span.start, argIndex: commas };
        }
      }
      commas = 0;
    } else if (c === ',' && depth === 0) commas++;
  }
  return undefined;
}

function previousSignificant(tokens: readonly LexToken[], i: number): LexToken | undefined {
  for (let k = i - 1; k >= 0; k--) if (tokens[k]!.kind !== 'comment') return tokens[k];
  return undefined;
}
