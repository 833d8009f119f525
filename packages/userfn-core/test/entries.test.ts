/**
 * `@userfn/core` runs in a browser (the playground bundles it with no shims):
 * nothing its entry reaches may import a Node module. `@userfn/core/node` is
 * where batch verification, the server and the CLI live. Checked on the
 * sources and on the built package that users install.
 */
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reachable } from './support/import-graph.js';

const NODE_MODULES = new Set(builtinModules);
const isNodeModule = (spec: string): boolean => spec.startsWith('node:') || NODE_MODULES.has(spec.split('/')[0]!);
const at = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

function nodeImports(entry: string): string[] {
  return reachable(entry).flatMap((m) => m.bare.filter(isNodeModule).map((spec) => `${m.file}: ${spec}`));
}

describe.each([
  ['sources', '../src/index.ts', '../src/node.ts'],
  ['built package', '../dist/index.js', '../dist/node.js'],
])('the entries (%s)', (_, browser, node) => {
  it('@userfn/core reaches no node: module', () => {
    expect(reachable(at(browser)).length).toBeGreaterThan(50);
    expect(nodeImports(at(browser))).toEqual([]);
  });

  it('@userfn/core leaves the judge client (openai) to @userfn/core/node', () => {
    const openai = (entry: string) => reachable(at(entry)).flatMap((m) => m.bare.filter((spec) => spec === 'openai' || spec.startsWith('openai/')));
    expect(openai(browser)).toEqual([]);
    expect(openai(node).length).toBeGreaterThan(0);
  });

  it('@userfn/core/node does reach Node modules (the check sees them)', () => {
    expect(nodeImports(at(node)).length).toBeGreaterThan(0);
  });
});
