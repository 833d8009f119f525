#!/usr/bin/env node
// The `userfn` executable: runs the CLI and sets the exit code.
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`userfn: ${String(e)}\n`);
    process.exitCode = 2;
  },
);
