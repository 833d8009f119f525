import { describe, expect, it } from 'vitest';
import { jsonProblemSentence } from './problems-view.js';

describe('a context JSON problem', () => {
  it('reads as a sentence with its line and column', () => {
    expect(jsonProblemSentence('Property expected', 1, 9)).toBe('The context is not valid JSON: property expected at line 1, column 9.');
    expect(jsonProblemSentence('End of file expected.', 3, 2)).toBe('The context is not valid JSON: end of file expected at line 3, column 2.');
    expect(jsonProblemSentence('Invalid characters in string. Control characters must be escaped.', 1, 7)).toBe(
      'The context is not valid JSON: invalid characters in string; control characters must be escaped at line 1, column 7.',
    );
  });
});
