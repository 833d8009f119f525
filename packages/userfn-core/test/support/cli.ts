import type { Io } from '../../src/node/cli/io.js';
import { main } from '../../src/node/cli/main.js';

/** Runs the `userfn` CLI in-process, capturing what it writes and its exit code. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdoutIsTTY: false, stderrIsTTY: false };
  const code = await main(argv, io);
  return { code, out, err };
}
