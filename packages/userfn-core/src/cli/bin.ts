#!/usr/bin/env node
// The `userfn` executable: runs the CLI and sets the exit code.
import { main } from './main.js';

// A reader that stops early (`userfn check … | head -3`) closes the pipe:
// there is no one left to tell, so stop quietly instead of crashing with a
// stack trace. Any other output error is reported as unreadable output (2).
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  process.stderr.write(`userfn: cannot write the output: ${e.message}\n`);
  process.exit(2);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`userfn: ${String(e)}\n`);
    process.exitCode = 2;
  },
);
