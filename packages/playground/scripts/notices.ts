import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type { Plugin } from 'vite';
import { inlinedPackages, packageSection } from '../../userfn-core/scripts/third-party-notices.mjs';

/**
 * The page's third-party notices, written beside it: a section (name,
 * version, license, license text) for every package from node_modules whose
 * code the page or its workers bundle (Monaco, date-fns, re2js, yaml, the LSP
 * types...), and for the packages @userfn/core's bundle inlines (Chevrotain,
 * lodash-es), which no module id shows: the core's own notices script finds
 * them in its bundle. Their licenses (MIT, Apache-2.0, ISC) ask that the
 * notices go with the code; the page links here.
 *
 * Vite's own `build.license` sees only the page's bundle, not its workers',
 * where the language service and everything it needs live: hence this plugin,
 * given to both builds (`main` and `worker`), which share what they saw.
 */
export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.txt';

const require = createRequire(import.meta.url);
const CORE_DIR = realpathSync(dirname(require.resolve('@userfn/core/package.json')));

/** The directory of the package a module of node_modules belongs to (the nearest package.json with a name). */
export function packageDirOf(moduleId: string): string | undefined {
  if (!moduleId.includes(`${sep}node_modules${sep}`)) return undefined;
  let dir = dirname(moduleId);
  while (dir.includes(`${sep}node_modules${sep}`)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && typeof JSON.parse(readFileSync(file, 'utf8')).name === 'string') return dir;
    dir = dirname(dir);
  }
  return undefined;
}

/** The notices of these packages' directories, and of those the core's bundle inlines when it is part of the page. */
export function pageNotices(packageDirs: Iterable<string>, withCore: boolean): string {
  const dirs = new Set(packageDirs);
  if (withCore) for (const dir of inlinedPackages(CORE_DIR, ['dist/lib'])) dirs.add(dir);
  return [
    '# Third-party notices',
    '',
    'The UserFn playground (this page and its workers) contains code of the packages below, under their licenses.',
    '',
    ...[...dirs].sort().flatMap((dir) => [packageSection(dir), '']),
  ].join('\n');
}

/** The plugins for the page's build (`main`, which writes the file) and its workers' (`worker`). */
export function thirdPartyNotices(): { main: Plugin; worker: Plugin } {
  const packages = new Set<string>();
  let withCore = false;
  const collect: Plugin['generateBundle'] = (_options, bundle) => {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of chunk.moduleIds) {
        if (id.startsWith('\0')) continue;
        if (id.startsWith(CORE_DIR + sep)) withCore = true;
        const dir = packageDirOf(id);
        if (dir !== undefined) packages.add(dir);
      }
    }
  };
  let outDir = 'dist';
  return {
    worker: { name: 'userfn:notices-worker', apply: 'build', generateBundle: collect },
    main: {
      name: 'userfn:notices',
      apply: 'build',
      configResolved(config) {
        outDir = config.build.outDir;
      },
      // a new build (vite build --watch) starts from nothing: the workers' builds come after this
      buildStart() {
        packages.clear();
        withCore = false;
      },
      generateBundle: collect,
      writeBundle() {
        writeFileSync(join(outDir, NOTICES_FILE), pageNotices(packages, withCore));
      },
    },
  };
}
