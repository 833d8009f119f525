/**
 * The published packages as a user gets them: `npm pack` of @userfn/core and
 * @userfn/lsp, installed into an empty project outside the repository, then
 * used the four ways a user would (ESM import, CommonJS require, TypeScript
 * with NodeNext, `npx userfn`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const WORKSPACES = ['@userfn/core', '@userfn/lsp'] as const;
interface Packed {
  name: string;
  version: string;
  filename: string;
  files: Array<{ path: string }>;
}
type Manifest = {
  version: string;
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
};

const scratch = mkdtempSync(join(tmpdir(), 'userfn-pack-'));
const project = join(scratch, 'app');
let packed: Packed[] = [];
const manifest = (name: string): Manifest => JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as Manifest;
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: project, encoding: 'utf8', timeout: 300_000 });

beforeAll(() => {
  const json = execFileSync('npm', ['pack', '--json', '--pack-destination', scratch, ...WORKSPACES.flatMap((w) => ['--workspace', w])], {
    cwd: root,
    encoding: 'utf8',
  });
  packed = JSON.parse(json.slice(json.indexOf('['))) as Packed[];
  execFileSync('mkdir', [project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
  // --prefer-offline: the dependencies come from npm's cache when it has them
  const install = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packed.map((p) => join(scratch, p.filename))]);
  expect(install.status, install.stderr).toBe(0);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the tarballs', () => {
  it('are both packed', () => {
    expect(packed.map((p) => p.name)).toEqual([...WORKSPACES]);
  });
  for (const name of WORKSPACES) {
    it(`${name}: README, LICENSE (Apache-2.0), no test code, no source maps, every entry and bin present`, () => {
      const p = packed.find((x) => x.name === name)!;
      const files = p.files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
      expect(readFileSync(join(project, 'node_modules', name, 'LICENSE'), 'utf8')).toMatch(/^Apache License\s+Version 2\.0/);
      expect(files.filter((f) => /\.test\.|test-support|(^|\/)security\/|\.map$|(^|\/)src\//.test(f))).toEqual([]);
      // the core's bundles inline other packages' code: their licenses go with it (scripts/third-party-notices.mjs)
      if (name === '@userfn/core') expect(files).toContain('dist/THIRD_PARTY_NOTICES.md');
      const m = manifest(name);
      const targets = [...Object.values(m.bin ?? {}), ...Object.values(m.exports ?? {}).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))];
      for (const t of targets) expect(files, t).toContain(t.replace(/^\.\//, ''));
      // nothing shipped imports a package the tarball does not depend on (test tools above all)
      const deps = new Set([...Object.keys(m.dependencies ?? {}), name]);
      for (const f of files.filter((x) => x.endsWith('.js') || x.endsWith('.mjs'))) {
        const text = readFileSync(join(project, 'node_modules', name, f), 'utf8');
        // a source map comment names a file the tarball ships (none are shipped today, so none may be named)
        for (const m of text.matchAll(/^\/\/# sourceMappingURL=(\S+)$/gm)) {
          expect(files, `${f} names ${m[1]}`).toContain(join(f, '..', m[1]!));
        }
        // import and export statements (at a line's start) and dynamic imports: a message that says "from 'x'" is not an import
        for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"./][^'"]*)['"]|\bimport\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g)) {
          const spec = m[1] ?? m[2];
          if (spec === undefined || spec.startsWith('node:')) continue;
          const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          expect(deps, `${f} imports ${spec}`).toContain(pkg);
        }
      }
    });
  }
  it('@userfn/lsp depends on exactly the @userfn/core version it was built with', () => {
    expect(manifest('@userfn/lsp').dependencies!['@userfn/core']).toBe(manifest('@userfn/core').version);
  });
});

describe('installed in an empty project', () => {
  it('imports as ESM', () => {
    const r = run(process.execPath, [
      '--input-type=module',
      '-e',
      "import { evaluate } from '@userfn/core'; import { verifyStream } from '@userfn/core/node'; import { createLanguageService } from '@userfn/lsp/service'; console.log(evaluate('1 + 2', {}, { profile: 'any' }), typeof verifyStream, typeof createLanguageService);",
    ]);
    expect([r.stdout, r.stderr]).toEqual(['3 function function\n', '']);
  });
  it('verifies on worker threads through @userfn/core/node (the worker ships beside the bundled entry)', () => {
    const script = [
      "import { loadRuleSet } from '@userfn/core';",
      "import { verifyStream } from '@userfn/core/node';",
      "import { Writable } from 'node:stream';",
      'const rules = loadRuleSet({ rules: [{ id: "confident", condition: "get(\'$.output.confidence\', 0) >= 0.8", message: "low" }] });',
      "const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify({ output: { confidence: (i % 10) / 10 } })).join('\\n');",
      "let out = '';",
      'const sink = new Writable({ write(c, _e, cb) { out += c; cb(); } });',
      'async function* input() { yield lines; }',
      // every chunk to a worker: a worker entry that is not found fails the run
      'const s = await verifyStream(rules, input(), sink, { workers: 2, shareWork: false, chunkLimits: { maxLines: 50, maxBytes: 1e6 } });',
      "console.log(out.trim().split('\\n').length, s.passed, s.failed);",
    ].join('\n');
    // a file, not -e: worker threads inherit the process's flags, and --input-type fails a worker
    writeFileSync(join(project, 'verify.mjs'), script);
    const r = run(process.execPath, ['verify.mjs']);
    expect([r.stdout, r.stderr]).toEqual(['400 80 320\n', '']);
  });
  it('loads with CommonJS require', () => {
    const r = run(process.execPath, [
      '-e',
      "const { evaluate } = require('@userfn/core'); const { createLanguageService } = require('@userfn/lsp/service'); console.log(evaluate('2 * 3', {}, { profile: 'any' }), typeof createLanguageService);",
    ]);
    expect([r.stdout, r.stderr]).toEqual(['6 function\n', '']);
  });
  it('type-checks with TypeScript NodeNext (strict, no skipLibCheck)', () => {
    writeFileSync(
      join(project, 'index.ts'),
      [
        "import { compile, type Compiled } from '@userfn/core';",
        "import { createLanguageService } from '@userfn/lsp/service';",
        "const rule: Compiled = compile(\"get('$.output.confidence') >= 0.8\", { profile: 'verification' });",
        'const passed: unknown = rule.evaluate({ output: { confidence: 0.9 } });',
        "const ls = createLanguageService({ profile: 'verification' });",
        'export { passed, ls };',
        '',
      ].join('\n'),
    );
    const options = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023'], strict: true, noEmit: true, types: [] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['index.ts'] }));
    writeFileSync(join(project, 'tsconfig.bad.json'), JSON.stringify({ compilerOptions: options, files: ['bad.ts'] }));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = run(process.execPath, [tsc, '-p', 'tsconfig.json']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    // and a type error is caught, so the check above is a real one
    writeFileSync(join(project, 'bad.ts'), "import { compile } from '@userfn/core';\nconst n: number = compile('1', { profile: 'any' });\nexport { n };\n");
    const bad = run(process.execPath, [tsc, '-p', 'tsconfig.bad.json']);
    expect(bad.stdout).toContain("error TS2322: Type 'Compiled' is not assignable to type 'number'");
  });
  it('runs npx userfn and npx userfn-lsp', () => {
    const { version } = manifest('@userfn/core');
    expect(run('npx', ['userfn', '--version']).stdout).toBe(`${version}\n`);
    const evaluated = run('sh', ['-c', `echo '{"a": 41}' | npx userfn eval "get('$.a') + 1" --profile any --context -`]);
    expect([evaluated.stdout, evaluated.status]).toEqual(['42\n', 0]);
    expect(run('npx', ['userfn-lsp', '--version']).stdout).toBe(`${manifest('@userfn/lsp').version}\n`);
  });
});
