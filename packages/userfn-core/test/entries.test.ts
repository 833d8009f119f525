/**
 * `@userfn/core` runs in a browser (the playground bundles it with no shims):
 * nothing its entry reaches may import a Node module. `@userfn/core/node` is
 * where batch verification, the server and the CLI live. Checked on the
 * sources and on the built entries that users install (dist/lib: Chevrotain
 * inlined, the other dependencies imported; vite.bundle.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { reachable } from './support/import-graph.js';

const NODE_MODULES = new Set(builtinModules);
const isNodeModule = (spec: string): boolean => spec.startsWith('node:') || NODE_MODULES.has(spec.split('/')[0]!);
const at = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

function nodeImports(entry: string): string[] {
  return reachable(entry).flatMap((m) => m.bare.filter(isNodeModule).map((spec) => `${m.file}: ${spec}`));
}

describe.each([
  ['sources', '../src/index.ts', '../src/node.ts'],
  ['built package', '../dist/lib/index.js', '../dist/lib/node.js'],
])('the entries (%s)', (what, browser, node) => {
  it('@userfn/core reaches no node: module', () => {
    // the sources are ~200 modules; the built entry is one module and its chunks
    expect(reachable(at(browser)).length).toBeGreaterThan(what === 'sources' ? 50 : 1);
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

describe('the built entries (dist/lib)', () => {
  it('inline Chevrotain and lodash-es: an embedding process loads them as one file, not ~700 modules', () => {
    const entries = [at('../dist/lib/index.js'), at('../dist/lib/node.js'), at('../dist/lib/worker.js')];
    const bare = entries.flatMap((e) => reachable(e).flatMap((m) => m.bare));
    expect(bare.filter((spec) => /^(chevrotain|@chevrotain\/|lodash-es)/.test(spec))).toEqual([]);
    // the other dependencies stay imports, shared with the host
    expect(bare).toEqual(expect.arrayContaining(['yaml', 're2js', 'openai']));
  });
});

describe('the built bundles (dist/lib, dist/bundle)', () => {
  // Vite's default turns a module's top-level const into var; V8 folds a const binding
  // (Object.getPrototypeOf and Object.prototype in the member steps) into optimized code
  // and reloads a var on every use: member reads took 25% longer (vite.bundle.config.ts).
  it.each(['../dist/lib/', '../dist/bundle/'])('%s keeps the top-level const of the member steps', (dir) => {
    const texts = readdirSync(at(dir))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(at(dir), f), 'utf8'));
    expect(texts.some((t) => /^const getProto = Object\.getPrototypeOf;$/m.test(t))).toBe(true);
    expect(texts.filter((t) => /^(var|let) getProto\b/m.test(t))).toEqual([]);
  });
});

describe('@userfn/core/node (built)', () => {
  // A resolve hook that refuses `openai`: the entry must load without it (the judge client
  // loads it on its first request to an endpoint, src/node/judge/client.ts).
  const dir = mkdtempSync(join(tmpdir(), 'userfn-no-openai-'));
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    "export async function resolve(s, c, next) { if (s === 'openai' || s.startsWith('openai/')) throw new Error('openai was loaded'); return next(s, c); }\n",
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const run = (code: string) =>
    spawnSync(process.execPath, ['--import', pathToFileURL(register).href, '--input-type=module', '-e', code], { encoding: 'utf8' });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads without the judge client package, which it loads on a judge request', () => {
    const entry = pathToFileURL(at('../dist/lib/node.js')).href;
    const ok = run(`const m = await import(${JSON.stringify(entry)}); console.log(typeof m.verifyStream);`);
    expect([ok.stdout, ok.stderr]).toEqual(['function\n', '']);
    // the hook does refuse openai, so the check above is a real one
    const refused = run("await import('openai');");
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('openai was loaded');
  });

  it('says that the judge client could not be loaded when openai cannot be, not that the endpoint is down', () => {
    const rules = join(dir, 'judged.rules.json');
    writeFileSync(rules, JSON.stringify({ rules: [{ id: 'polite', judge: { prompt: 'Is the answer polite?' } }] }));
    const sessions = join(dir, 'sessions.jsonl');
    writeFileSync(sessions, '{"output": "Thank you."}\n');
    // the per-file CLI imports openai by name (the bundled one carries it inside), so the hook can refuse it
    const bin = at('../dist/node/cli/bin.js');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(register).href,
        bin,
        'verify',
        '--rules',
        rules,
        sessions,
        '--judge-url',
        'http://127.0.0.1:9',
        '--judge-model',
        'm',
        '--judge-retries',
        '0',
      ],
      { encoding: 'utf8' },
    );
    expect(r.stdout).toContain('the judge client could not be loaded (the openai package)');
    expect(r.stdout).not.toContain('could not be reached');
  });
});
