// Writes dist/THIRD_PARTY_NOTICES.md after the build: the bundles (dist/lib, dist/bundle)
// carry other packages' code, and their licenses (Apache-2.0, MIT, ISC) ask that their
// notices go with it. The packages are read from the bundles themselves (each inlined
// module is preceded by a `// <path>/node_modules/<package>/…` comment), so the list
// cannot drift from what is shipped; each package's license text is its own LICENSE file.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLES = ['dist/lib', 'dist/bundle'];
const REGION = /^\/\/ (\S*node_modules\/(?:@[^/\s]+\/)?[^/\s]+)\//gm;

/** The directories (absolute) of the packages whose code the bundles contain (the playground asks for dist/lib's alone). */
export function inlinedPackages(root = ROOT, bundles = BUNDLES) {
  const dirs = new Set();
  for (const bundle of bundles) {
    const dir = join(root, bundle);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(REGION)) dirs.add(resolve(root, m[1]));
    }
  }
  return [...dirs].sort();
}

function fileText(dir, name) {
  const file = readdirSync(dir).find((f) => name.test(f));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : undefined;
}

/** A package's section of a notices file: its name, version, license and license text (the playground's notices use it too). */
export function packageSection(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const text = fileText(dir, /^(licen[cs]e|copying)(\.(md|txt))?$/i);
  if (text === undefined) throw new Error(`${pkg.name}: no license file in ${dir}`);
  // a package that embeds others' code ships their notices too (monaco-editor's ThirdPartyNotices.txt)
  const embedded = fileText(dir, /^third[-_]?party[-_]?notices(\.(md|txt))?$/i);
  const more = embedded === undefined ? '' : `\n\nThe notices ${pkg.name} ships for the code it incorporates:\n\n\`\`\`\n${embedded}\n\`\`\``;
  return `## ${pkg.name} ${pkg.version} (${pkg.license})\n\n\`\`\`\n${text}\n\`\`\`${more}`;
}

/** The notices file: one section per package, its name, version, license and license text. */
export function notices(root = ROOT) {
  const sections = inlinedPackages(root).map(packageSection);
  return [
    '# Third-party notices',
    '',
    "The bundles of @userfn/core (`dist/lib`, the package's entries, and `dist/bundle`, the",
    '`userfn` command) contain code of the packages below, under their licenses.',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = join(ROOT, 'dist', 'THIRD_PARTY_NOTICES.md');
  if (!existsSync(dirname(out))) throw new Error('dist/ is missing: build first');
  writeFileSync(out, notices());
  console.log(`dist/THIRD_PARTY_NOTICES.md: ${inlinedPackages().length} packages`);
}
