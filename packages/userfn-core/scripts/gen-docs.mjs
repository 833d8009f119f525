// Regenerates the builtin section of docs/language.md from the builtin declarations (needs a build).
import { readFileSync, writeFileSync } from 'node:fs';
import { BUILTINS, signatureText } from '../dist/index.js';
import { withReference } from './docs-reference.mjs';

const path = new URL('../../../docs/language.md', import.meta.url);
writeFileSync(path, withReference(readFileSync(path, 'utf8'), { BUILTINS, signatureText }));
console.log('docs/language.md: builtins section regenerated');
