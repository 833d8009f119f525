/**
 * The static import graph of the package's own modules, read from their text:
 * which module imports which (relative specifiers resolved to files) and which
 * packages each imports (bare specifiers). Used by the architecture and entry
 * tests; type-only imports count too (a folder that needs another's types
 * depends on it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface ModuleImports {
  readonly file: string;
  /** Resolved paths of the package's own modules this one imports. */
  readonly local: string[];
  /** Bare specifiers: packages and `node:` modules. */
  readonly bare: string[];
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module under `dir` (recursively), test files excluded. */
export function sourceFiles(dir: string, ext: '.ts' | '.js'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p, ext);
    return e.name.endsWith(ext) && !e.name.endsWith(`.test${ext}`) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The imports of one module; a relative specifier `x.js` names `x.ts` in sources. */
export function importsOf(file: string): ModuleImports {
  const text = readFileSync(file, 'utf8');
  const local: string[] = [];
  const bare: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec === undefined) continue;
    if (!spec.startsWith('.')) {
      bare.push(spec);
      continue;
    }
    const abs = resolve(dirname(file), spec);
    const ts = abs.replace(/\.js$/, '.ts');
    local.push(file.endsWith('.ts') && existsSync(ts) ? ts : abs);
  }
  return { file, local, bare };
}

/** Every module reachable from `entry` through static and dynamic imports. */
export function reachable(entry: string): ModuleImports[] {
  const seen = new Map<string, ModuleImports>();
  const work = [entry];
  while (work.length > 0) {
    const file = work.pop() as string;
    if (seen.has(file)) continue;
    const imports = importsOf(file);
    seen.set(file, imports);
    work.push(...imports.local);
  }
  return [...seen.values()];
}

/** The cycles of a directed graph: its strongly connected components of more than one node (Tarjan). */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
