import { describe, expect, it } from 'vitest';
import { validateLexer } from './lexer.js';
import { validateGrammar } from './parser.js';

// The shipped lexer and parser skip Chevrotain's definition validations (they
// cost start-up time in every process and batch worker); the suite runs them,
// so a grammar change that introduces an ambiguity, left recursion or an
// invalid token pattern fails here.
describe('Chevrotain definition validations', () => {
  it('the grammar has no ambiguity or other definition error', () => {
    expect(() => validateGrammar()).not.toThrow();
  });

  it('every token pattern is valid', () => {
    expect(() => validateLexer()).not.toThrow();
  });
});
