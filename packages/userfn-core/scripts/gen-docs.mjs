// Regenerates the builtin section of docs/language.md from the builtin declarations (needs a build).
import { readFileSync, writeFileSync } from 'node:fs';
import { withReference } from '../dist/docs/reference.js';

const path = new URL('../../../docs/language.md', import.meta.url);
writeFileSync(path, withReference(readFileSync(path, 'utf8')));
console.log('docs/language.md: builtins section regenerated');
