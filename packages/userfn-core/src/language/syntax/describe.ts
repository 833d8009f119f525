import type { IToken } from 'chevrotain';
import * as T from './tokens.js';

/*
 * Plain-word descriptions of tokens for error messages: users read
 * "unexpected ')'" or "unexpected number 12", never Chevrotain token names.
 */

const MAX_SHOWN = 30;

function shorten(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** `')'`, `number 12`, `string 'abc'`, `name foo`, `'else'`; `end of input` when there is no token. */
export function describeToken(token: IToken | undefined): string {
  if (token === undefined) return 'end of input';
  const type = token.tokenType;
  if (type === T.NumberLit) return `number ${shorten(token.image)}`;
  if (type === T.StringLit || type === T.DoubleQuotedString || type === T.UnterminatedString) return `string ${shorten(token.image)}`;
  if (type === T.Identifier) return `name '${shorten(token.image)}'`;
  return `'${shorten(token.image)}'`;
}

const CHARACTER_HINTS: Record<string, string> = {
  '&': "use 'and' (or '&&')",
  '|': "use 'or' (or '||')",
  $: "read the context with get('$.name')",
  ';': 'an expression is a single value: remove the ;',
  '#': 'comments start with // or /*',
  '`': "strings use single quotes: 'text'",
  '{': 'there are no object literals',
  '}': 'there are no object literals',
};

/** Message and hint for a run of characters that are not part of any token. */
export function describeCharacters(text: string): { message: string; hint?: string } {
  const shown = [...text].map((c) => (/[\p{L}\p{N}\p{P}\p{S}]/u.test(c) ? c : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`));
  const plural = shown.length > 1;
  const message = `unexpected character${plural ? 's' : ''} ${shorten(shown.join(''))}`;
  const hint = CHARACTER_HINTS[[...text][0]!];
  return hint === undefined ? { message } : { message, hint };
}
