/**
 * One version, written once: `@userfn/core`'s package.json. Everything else
 * that names it agrees (the other published package, the workspaces that
 * depend on them, the CHANGELOG's latest release, any README that pins one),
 * and no source file writes a version of its own (the CLI and the language
 * server read package.json; packages.test.ts runs their --version).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown> & { version: string };
const version = json('packages/userfn-core/package.json').version;
const tracked = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', '--', ...patterns], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

/** `@userfn/core@1.2.3` and the like, in a text. */
const pinned = (text: string) => [...text.matchAll(/@userfn\/(?:core|lsp)@(\d+\.\d+\.\d+\S*)/g)].map((m) => m[1]!.replace(/[`'").,]+$/, ''));

describe('the version', () => {
  it('is a semantic version', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  });

  it("is @userfn/lsp's too, and every workspace depends on exactly it", () => {
    expect(json('packages/userfn-lsp/package.json').version).toBe(version);
    for (const file of tracked('package.json', '*/package.json', '*/*/package.json')) {
      const deps = { ...(json(file)['dependencies'] as object), ...(json(file)['devDependencies'] as object) } as Record<string, string>;
      for (const name of ['@userfn/core', '@userfn/lsp']) if (name in deps) expect(deps[name], `${file}: ${name}`).toBe(version);
    }
  });

  it("is the CHANGELOG's latest release", () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const releases = [...changelog.matchAll(/^## \[(\d[^\]]*)\]/gm)].map((m) => m[1]);
    expect(releases[0]).toBe(version);
  });

  it('is the only one a README pins', () => {
    expect(pinned('npm install @userfn/core@0.9.1 @userfn/lsp@0.9.1`).')).toEqual(['0.9.1', '0.9.1']);
    for (const file of tracked('*.md').filter((f) => f !== 'CHANGELOG.md')) {
      for (const v of pinned(readFileSync(join(root, file), 'utf8'))) expect(v, file).toBe(version);
    }
  });

  it('is written in no source file', () => {
    const literal = new RegExp(`['"\`]${version.replaceAll('.', '\\.')}['"\`]`);
    const sources = tracked('packages/*/src/*', 'packages/*/bin/*', 'packages/*/src/**').filter((f) => /\.(ts|mts|mjs|js)$/.test(f) && !/\.test\./.test(f));
    expect(sources.length).toBeGreaterThan(50);
    for (const file of sources) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(literal);
  });
});
