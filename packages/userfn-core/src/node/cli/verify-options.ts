import { parseArgs } from 'node:util';
import { workerThreadsFor } from '../batch/early-workers.js';
import { JUDGE_OPTIONS } from './judge-flags.js';

/**
 * The options of `userfn verify` (besides --help). Light on purpose: the
 * executable reads them before it loads the core, to start worker threads.
 */
export const VERIFY_OPTIONS = {
  rules: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  workers: { type: 'string' },
  now: { type: 'string' },
  timeline: { type: 'boolean' },
  ...JUDGE_OPTIONS,
} as const;

export const MAX_WORKERS = 256;

/** A --workers value as a number, or undefined when it is not an integer from 1 to MAX_WORKERS. */
export function parseWorkers(text: string): number | undefined {
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= MAX_WORKERS ? n : undefined;
}

/**
 * How many worker threads a command line will verify with, read before the
 * core is loaded so that they can start at once: 0 for any other command,
 * for --help, and for a verify command line that is not valid (the command
 * reports it, and would not verify).
 */
export function earlyWorkerThreads(argv: readonly string[]): number {
  if (argv[0] !== 'verify') return 0;
  const options = { ...VERIFY_OPTIONS, help: { type: 'boolean', short: 'h' } } as const;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: argv.slice(1), options, allowPositionals: true, strict: true });
  } catch {
    return 0;
  }
  const { values, positionals } = parsed;
  if (values.help || values.rules === undefined || positionals.length !== 1) return 0;
  const workers = parseWorkers(values.workers ?? '1');
  return workers === undefined ? 0 : workerThreadsFor(workers);
}
