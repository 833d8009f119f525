import { readFileSync } from 'node:fs';

/** A usage or input problem: exit code 2. */
export class UsageError extends Error {}

/** Why a file (or socket) operation failed, in words (`no such file`), for the common system errors; else the system's own message. */
export function systemReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a directory',
    ENOTDIR: 'a folder on its path is a file',
    EMFILE: 'too many open files',
    ENOSPC: 'no space left on the device',
    EROFS: 'the file system is read-only',
    ENAMETOOLONG: 'the name is too long',
    EBUSY: 'the file is busy',
    EADDRINUSE: 'the port is in use',
    EADDRNOTAVAIL: 'no such address on this machine',
  };
  return (code !== undefined && words[code]) || (e as Error).message;
}

/** `cannot read x.json: no such file`: a failed read (or write) of a file as a UsageError. */
export function fileError(verb: 'read' | 'write', path: string, e: unknown): UsageError {
  return new UsageError(`cannot ${verb} ${path === '-' ? 'standard input' : path}: ${systemReason(e)}`);
}

/** Reads a file, or standard input for `-`; an unreadable input is a UsageError. */
export function readInput(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (e) {
    throw fileError('read', path, e);
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
