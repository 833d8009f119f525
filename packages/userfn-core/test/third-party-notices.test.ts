/**
 * The bundles carry other packages' code (Chevrotain and lodash-es in the
 * package's entries; every dependency in the `userfn` command): the build
 * writes their license texts to dist/THIRD_PARTY_NOTICES.md, which the
 * tarball ships (test/repo/packages.test.ts checks that it is packed).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlinedPackages, notices } from '../scripts/third-party-notices.mjs';

const at = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

describe('third-party notices', () => {
  const packages = inlinedPackages().map((dir) => JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as { name: string; license: string });

  it('find every package the bundles inline, read from the bundles', () => {
    const names = packages.map((p) => p.name);
    // the entries inline Chevrotain and lodash-es; the command inlines every dependency
    expect(names).toEqual(expect.arrayContaining(['chevrotain', 'lodash-es', 'yaml', 'date-fns', 're2js', 'openai']));
    expect(names.every((n) => !n.startsWith('@userfn/'))).toBe(true);
    expect(inlinedPackages().every((dir) => basename(dir) !== 'node_modules')).toBe(true);
  });

  it('are written by the build, with each package’s name, license and license text', () => {
    const file = at('../dist/THIRD_PARTY_NOTICES.md');
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(notices());
    for (const p of packages) expect(text).toContain(`## ${p.name} `);
    expect(text).toContain('Apache License');
    expect(text).toMatch(/Permission is hereby granted, free of charge/);
  });
});
