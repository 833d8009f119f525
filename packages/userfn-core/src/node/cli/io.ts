import { readFileSync } from 'node:fs';

/** A usage or input problem: exit code 2. */
export class UsageError extends Error {}

/** Reads a file, or standard input for `-`; an unreadable input is a UsageError. */
export function readInput(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path === '-' ? 'standard input' : path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Reads and parses a JSON file (or stdin); bad JSON is a UsageError naming the file. */
export function readJson(path: string, what: string): unknown {
  const text = readInput(path);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`the ${what} ${path === '-' ? '(standard input)' : path} is not valid JSON: ${(e as Error).message}`);
  }
}

/** What a command writes to: injectable so tests can run commands in-process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY),
};
