/**
 * The language service as rule sets grow (issue 18): a rule-set document of
 * 10, 100, 1,000 and 5,000 rules (the shared-process contract's conditions,
 * repeated with distinct texts), open in one service; each timed request
 * follows an edit of ONE condition (a new document version), as when a user
 * types. Prints the curve of doValidation and of a path completion (p50/p95
 * ms), and the heap the service holds with the document open (after a full
 * collection, so --expose-gc), and writes it to results/ls-scale.json.
 *
 *   node --expose-gc src/ls-scale.mjs [--quick]
 */
import { writeFileSync } from 'node:fs';
import { contractDocument, contractSessions } from './contract.mjs';
import { percentile } from './stats.mjs';

const quick = process.argv.includes('--quick');
const SIZES = [10, 100, 1000, 5000];
const EDITS = quick ? 15 : 60;

const { createLanguageService } = await import('@userfn/lsp/service');
const { TextDocument } = await import('vscode-languageserver-textdocument');

/** The heap in use after a full collection; undefined without --expose-gc (no reading worth reporting). */
const heapAfterGc = () => {
  if (typeof globalThis.gc !== 'function') return undefined;
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

const curve = [];
for (const rules of SIZES) {
  const heapBefore = heapAfterGc();
  // A sample session gives path completion its members, as the playground's context does.
  const ls = createLanguageService({ sampleContext: contractSessions(1)[0] });
  const base = contractDocument(rules);
  const uri = `file:///bench/contract-${rules}.rules.json`;
  // The document is updated as a language server's document manager updates it: by ranged changes (its line index follows them).
  let version = 1;
  let current = TextDocument.create(uri, 'json', version, base);
  ls.doValidation(current);
  // Each edit rewrites the number at the end of the middle rule's condition (`... or get('$.output.turns') > <k>`).
  const middle = JSON.stringify(JSON.parse(base).rules[Math.floor(rules / 2)].condition);
  const anchor = base.indexOf(middle);
  const tail = middle.slice(0, -1) + " or get('$.output.turns') > ";
  current = TextDocument.update(
    current,
    [{ range: { start: current.positionAt(anchor), end: current.positionAt(anchor + middle.length) }, text: `${tail}0"` }],
    ++version,
  );
  ls.doValidation(current);
  const numberAt = anchor + tail.length;
  let shown = '0';
  const edit = (k) => {
    const next = String(k);
    const range = { start: current.positionAt(numberAt), end: current.positionAt(numberAt + shown.length) };
    shown = next;
    current = TextDocument.update(current, [{ range, text: next }], ++version);
    return current;
  };
  const completeAt = numberAt - "turns') > ".length;
  const validation = [];
  const completion = [];
  let diagnostics = 0;
  let items = 0;
  for (let k = 1; k <= EDITS; k++) {
    const doc = edit(k);
    const t0 = performance.now();
    diagnostics = ls.doValidation(doc).length;
    validation.push(performance.now() - t0);
    const next = edit(k + 100000);
    const position = next.positionAt(completeAt);
    const t1 = performance.now();
    items = ls.doComplete(next, position).items.length;
    completion.push(performance.now() - t1);
  }
  if (items === 0) throw new Error(`no completion items at ${rules} rules: the bench's position is wrong`);
  // What an editor holds for this document: the service's state (its cached checks, the
  // parsed rule set) and the document text (and the bench's own copy of it, `base`), with
  // the service still in use: it answers once more after the reading.
  const heapAfter = heapAfterGc();
  const heldMiB = heapBefore === undefined || heapAfter === undefined ? null : (heapAfter - heapBefore) / 2 ** 20;
  const finalDiagnostics = ls.doValidation(current).length;
  curve.push({
    rules,
    kb: Math.round(Buffer.byteLength(base) / 1024),
    diagnostics,
    completionItems: items,
    validateP50: percentile(validation, 50),
    validateP95: percentile(validation, 95),
    completeP50: percentile(completion, 50),
    completeP95: percentile(completion, 95),
    heldMiB,
    finalDiagnostics,
  });
}
const f = (x) => x.toFixed(1);
process.stdout.write(
  [
    '| rules | KB | doValidation after an edit, p50 / p95 ms | completion after an edit, p50 / p95 ms | heap held, MiB |',
    '|---:|---:|---:|---:|---:|',
    ...curve.map(
      (c) =>
        `| ${c.rules} | ${c.kb} | ${f(c.validateP50)} / ${f(c.validateP95)} | ${f(c.completeP50)} / ${f(c.completeP95)} | ${c.heldMiB === null ? 'n/a (no --expose-gc)' : f(c.heldMiB)} |`,
    ),
    '',
  ].join('\n'),
);
writeFileSync(
  new URL(`../results/ls-scale${quick ? '-quick' : ''}.json`, import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), edits: EDITS, curve }, null, 2)}\n`,
);
