#!/usr/bin/env node
// The userfn-lsp command (`userfn-lsp --stdio`). It runs the built server: `npm run build`
// at the repository root (turbo builds @userfn/core first) produces dist/.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/server/node.js', import.meta.url);
if (!existsSync(entry)) {
  // stdout belongs to the LSP connection: the explanation goes to stderr
  process.stderr.write('userfn-lsp: the server is not built yet; run `npm run build` at the repository root (or in packages/userfn-lsp)\n');
  process.exit(1);
}
const { main } = await import(entry.href);
main();
