import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The bundled executable's worker (npm run build writes dist/bundle).
const bundle = new URL('../../../dist/bundle/', import.meta.url);

/** The files a bundle entry loads: itself and every chunk it imports, statically or not. */
function loadedFiles(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const text = readFileSync(new URL(name, bundle), 'utf8');
    files.set(name, text);
    // Bundled chunks import each other as `import … from "./x.js";` at the start of a line, or `import("./x.js")`.
    for (const m of text.matchAll(/^import\b[^;]*?from\s*"\.\/([^"]+)"|\bimport\(\s*"\.\/([^"]+)"\s*\)/gm)) visit((m[1] ?? m[2])!);
  };
  visit(entry);
  return files;
}

// Chevrotain's parsers call performSelfAnalysis(): a property name, so it survives minifying.
const PARSER = 'performSelfAnalysis';

describe('the bundled worker', () => {
  it('does not load the parser (it rebuilds rule sets from syntax trees: half the code to load)', () => {
    expect(existsSync(new URL('worker.js', bundle)), 'build first').toBe(true);
    const worker = loadedFiles('worker.js');
    expect(worker.size).toBeGreaterThan(1);
    for (const [name, text] of worker) expect([name, text.includes(PARSER)]).toEqual([name, false]);
    // The check can fail: the executable does load the parser.
    expect([...loadedFiles('userfn.js').values()].some((text) => text.includes(PARSER))).toBe(true);
  });
});
