/**
 * Every command in the READMEs runs as written (from the repository root,
 * after the set-up) and prints what the README says it prints. A new command
 * in a README must either run here or be named in COVERED_ELSEWHERE.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { containsLines, readmeCommands, type ReadmeCommand } from './readme-blocks.js';

const root = new URL('../../', import.meta.url);
const READMES = ['README.md', 'packages/userfn-core/README.md', 'packages/userfn-lsp/README.md', 'examples/rules/README.md'];

/** Commands that this file does not run, and where they are proven instead. */
const COVERED_ELSEWHERE: Record<string, string> = {
  'npm ci && npm start': 'fresh-clone.test.ts runs npm ci; the playground e2e tests start the same server (scripts/serve.mjs)',
  'npm ci && npm test': 'this suite is part of npm test',
  'npm run lint': 'npm test runs it',
  'npm run format': 'rewrites files in place: not run by a test',
  'npm run typecheck': 'npm test runs it',
  'npm install @userfn/core @userfn/lsp': 'packages.test.ts installs the packed tarballs the same way',
};

const commands: ReadmeCommand[] = READMES.flatMap((f) => readmeCommands(root, f));

// The commands run in a scratch folder that sees the repository's examples
// and node_modules (so `npx userfn` resolves as at the root) and takes the
// files they write (results.jsonl, rewarded.jsonl).
const cwd = mkdtempSync(join(tmpdir(), 'userfn-readme-'));
symlinkSync(fileURLToPath(new URL('examples', root)), join(cwd, 'examples'));
symlinkSync(fileURLToPath(new URL('node_modules', root)), join(cwd, 'node_modules'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('the README parser', () => {
  it('reads a command, its output lines and trailing comments', () => {
    expect(containsLines('a\nb\nc\n', ['b', 'c'])).toBe(true);
    expect(containsLines('a\nb\nx\nc\n', ['b', 'c'])).toBe(false);
  });
  it('finds the CLI examples with their outputs', () => {
    const first = commands.find((c) => c.command.startsWith('npx userfn eval'));
    expect(first).toMatchObject({ file: 'README.md', expected: ['false'] });
    expect(first!.command).toContain('--context examples/contexts/session.json');
  });
});

describe("the READMEs' commands", () => {
  it('each is run below or covered elsewhere', () => {
    const unknown = commands.filter((c) => !c.command.startsWith('npx userfn') && !(c.command in COVERED_ELSEWHERE));
    expect(unknown.map((c) => `${c.file}:${c.line} ${c.command}`)).toEqual([]);
  });

  it('name only files the repository tracks (a fresh clone has them, not only this checkout)', () => {
    const named = [...new Set(commands.flatMap((c) => [...c.command.matchAll(/\bexamples\/[\w./*-]+/g)].map((m) => m[0])))];
    expect(named.length).toBeGreaterThan(5);
    for (const path of named) {
      const files = execFileSync('git', ['ls-files', '--', path], { cwd: fileURLToPath(root), encoding: 'utf8' });
      expect(files, path).not.toBe('');
    }
  });

  for (const c of commands.filter((x) => x.command.startsWith('npx userfn ') && !x.command.startsWith('npx userfn serve'))) {
    it(`${c.file}:${c.line} ${c.command}`, () => {
      const r = spawnSync('sh', ['-c', c.command], { cwd, encoding: 'utf8', timeout: 120_000 });
      const output = `${r.stdout}${r.stderr}`;
      // 0 or 1 (a false check, failed records); never 2 (bad usage, an unreadable file)
      expect([0, 1], output).toContain(r.status);
      expect(c.expected.length, 'the README says what it prints').toBeGreaterThan(0);
      expect(containsLines(output, c.expected), `expected, in order:\n${c.expected.join('\n')}\n\ngot:\n${output}`).toBe(true);
    });
  }

  for (const c of commands.filter((x) => x.command.startsWith('npx userfn serve'))) {
    it(`${c.file}:${c.line} ${c.command} (on a free port instead of 8000)`, async () => {
      // The machine may already use 8000: the one change made to the command.
      const command = c.command.replace('--port 8000', '--port 0');
      expect(command).not.toBe(c.command);
      const child = spawn('sh', ['-c', `exec ${command}`], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      const first = await new Promise<string>((resolve) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        child.once('close', () => resolve(out));
      });
      child.kill('SIGTERM');
      const port = /:(\d+)$/.exec(first)?.[1];
      expect(c.expected.map((l) => l.replace(':8000', `:${port}`))).toEqual([first]);
    });
  }

  for (const c of commands.filter((x) => x.command.startsWith('npx userfn-lsp'))) {
    it(`${c.file}:${c.line} ${c.command} answers initialize`, async () => {
      const child = spawn('sh', ['-c', `exec ${c.command}`], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
      child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      const answer = await new Promise<string>((resolve) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('"result"')) resolve(out);
        });
        child.once('close', () => resolve(out));
      });
      child.kill('SIGTERM');
      expect(answer).toContain('"serverInfo":{"name":"userfn-lsp"');
    });
  }
});
