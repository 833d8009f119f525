/** The service must bundle for a browser web worker: it imports only these packages, and no Node API. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ALLOWED = new Set(['@userfn/core', 'vscode-languageserver-types', 'vscode-languageserver-textdocument', 'yaml']);
const here = new URL('.', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

test('service modules import only relative modules and the allowed packages', () => {
  const files = sources(here);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) continue;
      expect(ALLOWED.has(spec), `${file} imports ${spec}`).toBe(true);
    }
    expect(text, `${file} uses a Node or timer API`).not.toMatch(/\b(process\.|require\(|setTimeout|setInterval|Buffer\.)/);
    expect(text, `${file} evaluates code`).not.toMatch(/\beval\(|new Function\(/);
  }
});
