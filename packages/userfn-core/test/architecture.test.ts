/**
 * The shape of src/, kept by a test: folders depend on each other without
 * cycles, the layers (see src/README.md) only depend downwards, and every
 * folder says what it owns.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, sourceFiles } from './support/import-graph.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The layers, bottom first: a folder may import from its own layer and the ones below. */
const LAYERS = ['common', 'runtime', 'language', 'api', 'rules', 'node'] as const;

const folderOf = (file: string): string => relative(SRC, dirname(file)) || '.';
const layerOf = (folder: string): number => LAYERS.indexOf(folder.split('/')[0] as (typeof LAYERS)[number]);

function folderGraph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC, '.ts')) {
    const from = folderOf(file);
    if (from === '.') continue; // the entries (index.ts, node.ts) import every layer by design
    for (const target of importsOf(file).local) {
      const to = folderOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

describe('src/ folders', () => {
  const graph = folderGraph();

  it('import each other without a cycle', () => {
    expect(graph.size).toBeGreaterThan(15);
    expect(cycles(graph)).toEqual([]);
  });

  it('only import from their own layer or a lower one', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      expect(layerOf(from), `${from} is in no layer of ${LAYERS.join(', ')}`).toBeGreaterThanOrEqual(0);
      for (const to of targets) if (layerOf(to) > layerOf(from)) upward.push(`${from} -> ${to}`);
    }
    expect(upward).toEqual([]);
  });

  it('each say what they own in a README.md', () => {
    const missing: string[] = [];
    const walk = (dir: string): void => {
      if (!existsSync(join(dir, 'README.md'))) missing.push(relative(SRC, dir) || 'src');
      for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(join(dir, e.name));
    };
    walk(SRC);
    expect(missing).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a cycle through three folders and ignores the acyclic rest', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c', 'd'])],
      ['c', new Set(['a'])],
      ['d', new Set<string>()],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });
});
