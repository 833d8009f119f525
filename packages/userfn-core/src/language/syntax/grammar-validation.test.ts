import { afterEach, describe, expect, it, vi } from 'vitest';
import { referenceLexer } from '../../../test/support/syntax/reference-lexer.js';
import { validateGrammar } from './parser.js';

// The shipped lexer and parser skip Chevrotain's definition validations (they
// cost start-up time in every process and batch worker); the suite runs them,
// so a grammar change that introduces an ambiguity, left recursion or an
// invalid token pattern fails here. Chevrotain throws on definition errors
// and prints definition warnings with console.warn.
describe('Chevrotain definition validations', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the grammar has no ambiguity or other definition error, and no warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => validateGrammar()).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });

  it('every token pattern is valid, with no warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => referenceLexer()).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });
});
