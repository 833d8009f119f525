import { Lexer, type IToken } from 'chevrotain';
import * as T from '../../../src/language/syntax/tokens.js';

/**
 * Chevrotain's lexer built from the token definitions of tokens.ts, with
 * Chevrotain's own validations of the patterns: the reference that the
 * toolkit's lexer (src/language/syntax/lexer.ts) must agree with, token for token.
 */
export function referenceLexer(): Lexer {
  return new Lexer(T.lexerTokens, { positionTracking: 'onlyOffset', ensureOptimizations: true });
}

/** What a token is, for comparing two lexers: its type, where it starts, and its text. */
export function describeTokens(tokens: readonly IToken[]): string[] {
  return tokens.map((t) => `${t.tokenType.name}@${t.startOffset}:${JSON.stringify(t.image)}`);
}
