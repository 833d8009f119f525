import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICES_FILE, packageDirOf, pageNotices } from './notices.js';
import { DIST, startServer } from './serve.mjs';

const sectionsOf = (text: string) => [...text.matchAll(/^## (\S+) (\S+) \((.+)\)$/gm)].map((m) => m[1]);

describe('the playground’s third-party notices', () => {
  it('name every package the page and its workers bundle, and those the core’s bundle inlines, each with its license text', () => {
    const text = readFileSync(join(DIST, NOTICES_FILE), 'utf8');
    const names = sectionsOf(text);
    // the page (Monaco), the language-service worker (the core's imports, the LSP types), the core's bundle (Chevrotain, lodash-es)
    for (const name of [
      'monaco-editor',
      'date-fns',
      're2js',
      'yaml',
      'vscode-languageserver-types',
      'vscode-languageserver-textdocument',
      'chevrotain',
      'lodash-es',
    ])
      expect(names).toContain(name);
    // nothing the page does not contain: the judge client is the CLI's, not the page's
    expect(names).not.toContain('openai');
    expect(new Set(names).size).toBe(names.length);
    // every section quotes a license text, and Monaco's notices for the code it incorporates come with it
    for (const section of text.split(/^## /m).slice(1)) expect(section).toMatch(/```\n[\s\S]*(Permission|Licensed under|Apache License|ISC)[\s\S]*\n```/);
    expect(text).toContain('The notices monaco-editor ships for the code it incorporates');
  });

  it('finds the package a bundled module belongs to, and none for a module outside node_modules', () => {
    const monaco = packageDirOf(join(process.cwd(), '..', '..', 'node_modules', 'monaco-editor', 'esm', 'vs', 'editor', 'editor.api.js'));
    expect(monaco).toBe(join(process.cwd(), '..', '..', 'node_modules', 'monaco-editor'));
    expect(packageDirOf(join(process.cwd(), 'src', 'main.ts'))).toBeUndefined();
    expect(sectionsOf(pageNotices([], false))).toEqual([]);
    expect(sectionsOf(pageNotices([monaco!], true))).toEqual([
      '@chevrotain/gast',
      '@chevrotain/regexp-to-ast',
      '@chevrotain/utils',
      'chevrotain',
      'lodash-es',
      'monaco-editor',
    ]);
  });

  it('are served beside the page, as text, where its Licenses link points', async () => {
    expect(readFileSync(join(DIST, 'index.html'), 'utf8')).toContain(`href="./${NOTICES_FILE}"`);
    const server = await startServer({ port: 0 });
    try {
      const r = await fetch(`${server.url}${NOTICES_FILE}`);
      expect([r.status, r.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
      expect(await r.text()).toContain('## monaco-editor');
    } finally {
      await server.close();
    }
  });
});
