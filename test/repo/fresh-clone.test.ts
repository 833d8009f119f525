/**
 * A fresh clone, set up as the README says (`npm ci`), has a working
 * `npx userfn`: npm linked the bin, it is executable, `--help` and an `eval`
 * run, and it survives a rebuild replayed from turbo's cache (which once came
 * back without its execute bit). The clone is of the last commit.
 *
 * Kept cheap: npm ci takes packages from npm's cache when it has them
 * (--prefer-offline), and turbo replays the build from this checkout's cache.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'userfn-clone-'));
const clone = join(scratch, 'userfn');

/** Turbo keeps one cache for a repository and its worktrees, beside the main checkout's .git. */
function turboCache(): string | undefined {
  const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: root, encoding: 'utf8' }).trim();
  const dir = join(dirname(common), '.turbo', 'cache');
  return existsSync(dir) ? dir : undefined;
}

const env = { ...process.env, ...(turboCache() ? { TURBO_CACHE_DIR: turboCache() } : {}), npm_config_audit: 'false', npm_config_fund: 'false' };
const sh = (command: string) => spawnSync('sh', ['-c', command], { cwd: clone, encoding: 'utf8', env, timeout: 600_000 });

beforeAll(() => {
  execFileSync('git', ['clone', '--quiet', root, clone]);
  const ci = sh('npm ci --prefer-offline');
  expect(ci.status, ci.stderr).toBe(0);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The bin npm linked for `userfn`: a link to an executable file. */
function expectLinkedExecutable(): void {
  const link = join(clone, 'node_modules', '.bin', 'userfn');
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  const target = realpathSync(link);
  expect(target).toBe(join(clone, 'packages', 'userfn-core', 'bin', 'userfn.mjs'));
  expect(statSync(target).mode & 0o111, 'execute bits').toBe(0o111);
}

describe('a fresh clone after npm ci', () => {
  it('has node_modules/.bin/userfn, linked and executable', () => {
    expectLinkedExecutable();
  });
  it('runs npx userfn --help and an eval', () => {
    const help = sh('npx userfn --help');
    expect([help.status, help.stdout.split('\n')[0]]).toEqual([0, 'Usage: userfn <command> [options]']);
    const r = sh(`npx userfn eval "get('$.output.status') == 'indexed'" --context examples/contexts/session.json`);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, 'false\n', '']);
  });
  it('still runs after the core is deleted and rebuilt (replayed from the cache or built again)', () => {
    rmSync(join(clone, 'packages', 'userfn-core', 'dist'), { recursive: true });
    // before the build: a clear message, not a stack trace
    const unbuilt = sh('npx userfn --help');
    expect([unbuilt.status, unbuilt.stderr]).toEqual([
      2,
      'userfn: the CLI is not built yet; run `npm run build` at the repository root (or in packages/userfn-core)\n',
    ]);
    // the README's own command: every package, replayed from turbo's cache where it can be
    const build = sh('npm run build');
    expect(build.status, build.stderr).toBe(0);
    expectLinkedExecutable();
    const r = sh("npx userfn eval '1 + 2' --profile any");
    expect([r.status, r.stdout]).toEqual([0, '3\n']);
  });
});
