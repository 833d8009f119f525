#!/usr/bin/env node
// The `userfn` command. It is a committed file, not the built bundle itself, so that
// `npm ci` links it into node_modules/.bin before anything is built (npm links bins
// before the `prepare` build runs, and skips a bin whose target does not exist yet)
// and so that it keeps its execute bit whatever the build or turbo's cache does to dist/.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bundle/userfn.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('userfn: the CLI is not built yet; run `npm run build` at the repository root (or in packages/userfn-core)\n');
  process.exit(2);
}
await import(entry.href);
