/**
 * Language-service latency on a 2 KB rule set, in a fresh process:
 *   node --expose-gc src/ls-child.mjs [--quick]
 * Every timed request but one follows an edit (a new document version), so
 * the service parses and checks the document again, as it does while a user
 * types. Prints one JSON line: p50/p95/max per request kind.
 */
import { lsDocumentText } from './rulesets.mjs';
import { percentile } from './stats.mjs';
import { loadWorkloads } from './workloads.mjs';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 60 : 300;
const WARMUP = quick ? 10 : 40;

function emit(result) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function main() {
  let service;
  let TextDocument;
  try {
    service = await import('@userfn/lsp/service');
    ({ TextDocument } = await import('vscode-languageserver-textdocument'));
  } catch (e) {
    emit({ available: false, reason: `cannot load the language service: ${e?.message ?? e}` });
    return;
  }
  if (typeof service.createLanguageService !== 'function') {
    emit({ available: false, reason: '@userfn/lsp/service exports no createLanguageService' });
    return;
  }
  const bench = loadWorkloads();
  const w9 = bench.workloads.find((w) => w.id === 'W9');
  const failures = [];
  const ls = service.createLanguageService({
    sampleContext: bench.context,
    onError: (feature, error) => failures.push(`${feature}: ${error?.message ?? error}`),
  });
  const base = lsDocumentText(w9);
  const uri = 'file:///bench/doc-indexer.rules.json';
  const edited = (i) => base.replace("'$.output.confidence') >= 0.8", `'$.output.confidence') >= 0.8${i % 10}`);
  let version = 0;
  const fresh = (i) => TextDocument.create(uri, 'json', ++version, edited(i));
  const offsetAfter = (text, needle, k) => {
    const at = text.indexOf(needle);
    if (at < 0) throw new Error(`the bench document has no '${needle}'`);
    return at + k;
  };

  const cases = [
    {
      name: 'diagnostics',
      label: 'diagnostics after an edit (doValidation)',
      run: (i) => {
        const doc = fresh(i);
        return () => ls.doValidation(doc);
      },
    },
    {
      name: 'completion-function',
      label: 'completion of a function name after an edit',
      run: (i) => {
        const doc = fresh(i);
        const pos = doc.positionAt(offsetAfter(doc.getText(), 'contains(', 4));
        return () => ls.doComplete(doc, pos);
      },
    },
    {
      name: 'completion-path',
      label: "completion of a path member after an edit (get('$.output.|')",
      run: (i) => {
        const doc = fresh(i);
        const pos = doc.positionAt(offsetAfter(doc.getText(), "$.output.status') ==", '$.output.'.length));
        return () => ls.doComplete(doc, pos);
      },
    },
    {
      name: 'completion-path-cached',
      label: 'completion of a path member, document unchanged since validation',
      run: (i) => {
        const doc = fresh(i);
        ls.doValidation(doc);
        const pos = doc.positionAt(offsetAfter(doc.getText(), "$.output.status') ==", '$.output.'.length));
        return () => ls.doComplete(doc, pos);
      },
    },
  ];

  const firstDoc = fresh(0);
  const diagnostics = ls.doValidation(firstDoc);
  const sanity = {
    functionItems: ls.doComplete(firstDoc, firstDoc.positionAt(offsetAfter(firstDoc.getText(), 'contains(', 4))).items.length,
    pathItems: ls.doComplete(firstDoc, firstDoc.positionAt(offsetAfter(firstDoc.getText(), "$.output.status') ==", '$.output.'.length))).items.length,
  };
  const results = [];
  for (const c of cases) {
    for (let i = 0; i < WARMUP; i++) c.run(i)();
    if (typeof globalThis.gc === 'function') globalThis.gc();
    const ms = [];
    for (let i = 0; i < RUNS; i++) {
      const request = c.run(i);
      const t0 = process.hrtime.bigint();
      request();
      ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    results.push({ name: c.name, label: c.label, runs: RUNS, p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(...ms) });
  }
  emit({
    available: true,
    documentBytes: Buffer.byteLength(base),
    rules: w9.sources.userfn.length,
    diagnostics: diagnostics.length,
    diagnosticCodes: diagnostics.map((d) => d.code),
    completionItems: sanity,
    failures: failures.length,
    failureSamples: failures.slice(0, 3),
    cases: results,
  });
}

main().catch((e) => emit({ available: false, reason: `the language-service bench failed: ${e?.stack ?? e}` }));
