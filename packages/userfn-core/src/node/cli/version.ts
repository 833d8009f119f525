import { readFileSync } from 'node:fs';

/**
 * The version of @userfn/core, read from its package.json: the one place the
 * version is written. The file is found by walking up from this module, since
 * it runs from src/node/cli (tests), dist/node/cli and dist/bundle (the executable).
 */
export function coreVersion(from: string | URL = import.meta.url): string {
  for (let dir = new URL('./', from); ; dir = new URL('../', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === '@userfn/core' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no (readable) package.json here: keep walking up
    }
    if (dir.pathname === '/') return 'unknown';
  }
}
