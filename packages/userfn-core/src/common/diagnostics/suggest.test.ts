import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from './suggest.js';

describe('suggest', () => {
  it('finds transpositions and case slips', () => {
    expect(suggest('lenght', ['length', 'lower'])).toBe('length');
    expect(suggest('Called', ['called', 'call_count'])).toBe('called');
    expect(suggest('iso_datetime_pars', ['iso_datetime_parse', 'datetime_parse'])).toBe('iso_datetime_parse');
  });
  it('gives nothing when nothing is close', () => {
    expect(suggest('frobnicate', ['length', 'lower'])).toBeUndefined();
  });
  it('caps the distance', () => {
    expect(editDistance('abc', 'abd')).toBe(1);
    expect(editDistance('a', 'abcdefgh', 3)).toBe(4);
  });
});
