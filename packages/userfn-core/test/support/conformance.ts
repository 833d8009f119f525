import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One language case from test/conformance (the format of test/conformance/case.schema.json). */
export interface ConformanceCase {
  readonly name: string;
  readonly expr: string;
  readonly context?: unknown;
  readonly profile?: 'verification' | 'transition' | 'reranker' | 'any';
  readonly now?: string;
  readonly schema?: Record<string, unknown>;
  readonly expect:
    | { readonly value: unknown; readonly type: string }
    | { readonly error: { readonly kind: string; readonly code: string; readonly at?: string; readonly occurrence?: number } };
  readonly warnings?: readonly string[];
}

export interface ConformanceFile {
  readonly file: string;
  readonly section: string;
  readonly cases: readonly ConformanceCase[];
}

/** The folder of the shared conformance data (repo root /test/conformance). */
export const CONFORMANCE_DIR = fileURLToPath(new URL('../../../../test/conformance/', import.meta.url));

/** Every case file, in name order. Fails loudly (no silent skip) when the folder is missing or empty. */
export function loadConformance(): ConformanceFile[] {
  const files = readdirSync(CONFORMANCE_DIR)
    .filter((f) => f.endsWith('.json') && f !== 'case.schema.json')
    .sort();
  if (files.length === 0) throw new Error(`no conformance files in ${CONFORMANCE_DIR}`);
  return files.map((file) => {
    const data = JSON.parse(readFileSync(CONFORMANCE_DIR + file, 'utf8')) as { section: string; cases: ConformanceCase[] };
    return { file, section: data.section, cases: data.cases };
  });
}

/** The span an `at` expectation names: its n-th occurrence in the source. */
export function spanOfAt(expr: string, at: string, occurrence = 1): { start: number; end: number } {
  let from = -1;
  for (let i = 0; i < occurrence; i++) {
    from = expr.indexOf(at, from + 1);
    if (from < 0) throw new Error(`'${at}' does not occur ${occurrence} time(s) in ${expr}`);
  }
  return { start: from, end: from + at.length };
}
