/**
 * Recognises what a document holds. Rule sets by file name alone, whatever
 * languageId the client sends (issue 4); an expression by the `.userfn`
 * extension or the `userfn` languageId. Anything else (a client sending every
 * JSON or text file) is left alone.
 */

/** What a document holds; `other` documents get no analysis. */
export type DocumentKind = 'expression' | 'rules-json' | 'rules-yaml' | 'other';

/** `*.rules.json` and `*.rules.yaml`/`*.rules.yml` are rule sets; `*.userfn` or languageId `userfn` is one expression. */
export function documentKind(uri: string, languageId = ''): DocumentKind {
  const path = uri.replace(/[?#].*$/, '').toLowerCase();
  if (path.endsWith('.rules.json')) return 'rules-json';
  if (path.endsWith('.rules.yaml') || path.endsWith('.rules.yml')) return 'rules-yaml';
  if (path.endsWith('.userfn') || languageId.toLowerCase() === 'userfn') return 'expression';
  return 'other';
}
