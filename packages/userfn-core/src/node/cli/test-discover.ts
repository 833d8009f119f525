import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A rule set and the cases file that tests it. */
export interface SuiteFiles {
  readonly rules: string;
  readonly cases: string;
}

const EXTENSIONS = ['json', 'yaml', 'yml'] as const;
const CASES_FILE = /\.cases\.(json|ya?ml)$/i;
const DATA_FILE = /\.(json|ya?ml)$/i;

/** A rule set's name: its file name without `.rules.json|yaml|yml` (or without `.json|yaml|yml`). */
export function ruleSetName(rulesPath: string): string {
  return basename(rulesPath).replace(/(\.rules)?\.(json|ya?ml)$/i, '');
}

/** Where a rule set's cases may be, in the order they are looked for: beside it, then in `cases/`. */
export function casesCandidates(rulesPath: string): string[] {
  const dir = dirname(rulesPath);
  const name = ruleSetName(rulesPath);
  return [dir, join(dir, 'cases')].flatMap((d) => EXTENSIONS.map((ext) => join(d, `${name}.cases.${ext}`)));
}

/** The cases file of a rule set, when one of the candidates exists. */
export function casesFor(rulesPath: string): string | undefined {
  return casesCandidates(rulesPath).find((p) => existsSync(p) && statSync(p).isFile());
}

/**
 * Every rule set under `dir` that has a cases file (`<name>.rules.json|yaml`
 * or `<name>.json|yaml` with `<name>.cases.json|yaml` beside it or in
 * `cases/`), in path order. Hidden folders and node_modules are skipped.
 */
export function findSuites(dir: string): SuiteFiles[] {
  const out: SuiteFiles[] = [];
  const walk = (d: string): void => {
    const entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = join(d, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'node_modules') walk(path);
      } else if (e.isFile() && DATA_FILE.test(e.name) && !CASES_FILE.test(e.name)) {
        const cases = casesFor(path);
        if (cases) out.push({ rules: path, cases });
      }
    }
  };
  walk(dir);
  return out;
}
