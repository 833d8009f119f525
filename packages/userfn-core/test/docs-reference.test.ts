import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script without declarations (scripts/ is not compiled)
import { withReference } from '../scripts/docs-reference.mjs';
import { BUILTINS, signatureText } from '../src/index.js';

const DOC = new URL('../../../docs/language.md', import.meta.url);
const decls = { BUILTINS, signatureText };

describe('docs/language.md', () => {
  it('embeds the builtin reference generated from the declarations (run `npm run docs` when this fails)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toBe(withReference(doc, decls));
  });

  it('would notice a section that no longer matches the declarations', () => {
    const stale = readFileSync(DOC, 'utf8').replace('#### `length`', '#### `lenght`');
    expect(withReference(stale, decls)).not.toBe(stale);
  });
});
