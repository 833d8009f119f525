/** The Node entry: a stdio (or IPC/socket) connection, with settings files read from disk. */
import { readFileSync } from 'node:fs';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { framingGuard } from './framing-guard.js';
import { startServer } from './server.js';

/** This package's version, from its package.json (the one place it is written): src/server and dist/server are both two levels below it. */
export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const USAGE = `usage: userfn-lsp [--stdio | --node-ipc | --socket=<port>]

The UserFn language server (Language Server Protocol). Editors start it with
--stdio (the default). Configuration comes from the client: see the README of @userfn/lsp.`;

/** Runs the server for this process's command line. */
export function main(argv: readonly string[] = process.argv.slice(2)): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const other = argv.some((a) => a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'));
  // stdio (the default): stdin goes through the framing guard, so a malformed header cannot stall the reader
  const connection = other
    ? createConnection(ProposedFeatures.all)
    : createConnection(ProposedFeatures.all, process.stdin.pipe(framingGuard((p) => process.stderr.write(`userfn-lsp: ${p}\n`))), process.stdout);
  // the connection owns stdout: anything logged must go to stderr
  console.log = console.error;
  console.info = console.error;
  startServer(connection, { readFile: (path) => readFileSync(path, 'utf8'), version: VERSION });
}
