import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./shared-process.mjs', import.meta.url));

// The profiling hook of the shared-process bench: one cell, timed after the whole
// process has compiled and warmed up every workload of every engine.
describe('shared-process.mjs --cell', () => {
  it('times the one cell it names after the interleaved warm-up, and writes no results file', async () => {
    const { stdout } = await run(process.execPath, [script, '--quick', '--cell', 'userfn:W7', '--out', '/nonexistent/shared.json']);
    expect(stdout.trim()).toMatch(/^userfn:W7: \d+(\.\d)? ns per evaluation$/);
  }, 60_000);

  it('names the cells there are when asked for one that is not', async () => {
    const failed = await run(process.execPath, [script, '--quick', '--cell', 'userfn:W9']).then(
      () => undefined,
      (e) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed.stderr).toContain('no cell userfn:W9: one of userfn:W1,');
    expect(failed.stderr).toContain('js:RS');
  }, 60_000);
});
