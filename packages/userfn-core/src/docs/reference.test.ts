import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withReference } from './reference.js';

const DOC = new URL('../../../../docs/language.md', import.meta.url);

describe('docs/language.md', () => {
  it('embeds the builtin reference generated from the declarations (run `npm run docs` when this fails)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toBe(withReference(doc));
  });
});
