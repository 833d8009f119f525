#!/usr/bin/env node
// The `userfn` executable: runs the CLI and sets the exit code.
import { closeUnclaimedWorkers, startWorkersEarly } from '../batch/early-workers.js';
import { earlyWorkerThreads } from './verify-options.js';

const argv = process.argv.slice(2);

// `userfn verify --workers N` starts its worker threads first, so that they
// load their code while this thread loads the CLI and reads the rule set
// (measured on 2 cores: the worker has loaded at ~120 ms and is ready at
// ~160 ms, 3 ms after this thread; it used to be ready at 350-410 ms).
// This module imports nothing heavy; the CLI is loaded below.
startWorkersEarly(earlyWorkerThreads(argv));

// A reader that stops early (`userfn check … | head -3`) closes the pipe:
// there is no one left to tell, so stop quietly instead of crashing with a
// stack trace. Any other output error is reported as unreadable output (2).
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  process.stderr.write(`userfn: cannot write the output: ${e.message}\n`);
  process.exit(2);
});

try {
  const { main } = await import('./main.js');
  process.exitCode = await main(argv);
} catch (e) {
  process.stderr.write(`userfn: ${String(e)}\n`);
  process.exitCode = 2;
} finally {
  // Workers the command did not take (bad usage, an invalid rule set) would keep the process alive.
  await closeUnclaimedWorkers();
}
