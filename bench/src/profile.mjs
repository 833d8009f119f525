/**
 * Profiles UserFn with V8's CPU profiler (what --cpu-prof uses; started after
 * a warm-up, see profile-target.mjs): the evaluation of each of W1–W8 (one
 * process each, as in the bench) and the compile path, then prints the hot
 * spots mapped to the TypeScript sources (through the dist's source maps).
 * The profiled processes run with --no-turbo-inlining so that time lands on
 * the function that spends it: absolute speeds are lower than in the bench.
 *   npm run profile --workspace bench [-- W3 W5 | compile]
 * Profiles are kept in results/profiles/ (gitignored) for Chrome DevTools.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aggregate, originalLocation, top } from './cpuprofile.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const ROOT = here('../../');
const OUT = here('../results/profiles/');
const TARGET = here('./profile-target.mjs');
const args = process.argv.slice(2);
const jobs = args.length > 0 ? args : ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8', 'compile'];

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const isCore = (url) => url.includes('/packages/userfn-core/');

function profileOnce(job) {
  const file = join(OUT, `${job}.cpuprofile`);
  const targetArgs = job === 'compile' ? ['compile', file] : ['eval', job, file];
  // Without TurboFan inlining: the cost is then attributed to the closures that
  // incur it, instead of to one inlined blob (which is what V8 reports otherwise).
  const r = spawnSync(process.execPath, ['--no-turbo-inlining', TARGET, ...targetArgs], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`profiling ${job} failed: ${r.stderr}`);
  return { file, note: r.stderr.trim() };
}

function report(job, file, note) {
  const agg = aggregate(JSON.parse(readFileSync(file, 'utf8')));
  const loc = (e) => originalLocation(e.url, e.line, e.column, ROOT);
  const out = [`## ${job === 'compile' ? 'compile() of the W1–W9 sources' : `evaluation of ${job}`} (${note}; ${agg.totalSamples} samples)`, ''];
  const special = agg.functions.filter((f) => !f.url && f.self > 0.01).sort((a, b) => b.self - a.self);
  if (special.length > 0) out.push(`Outside JS: ${special.map((f) => `${f.name} ${pct(f.self)}`).join(', ')}`, '');
  out.push('Self time by function:', '');
  for (const f of top(agg.functions, 'self', 12, (f) => f.url)) out.push(`- ${pct(f.self)} self, ${pct(f.inclusive)} incl.  ${f.name}  ${loc(f)}`);
  out.push('', 'Inclusive time, core functions:', '');
  for (const f of top(agg.functions, 'inclusive', 12, (f) => isCore(f.url))) out.push(`- ${pct(f.inclusive)} incl., ${pct(f.self)} self  ${f.name}  ${loc(f)}`);
  out.push('', 'Self time by source line:', '');
  for (const l of top(agg.lines, 'self', 12, (l) => l.url))
    out.push(`- ${pct(l.self)}  ${originalLocation(l.url, l.line, undefined, ROOT)}  (in ${l.function})`);
  out.push('');
  return out.join('\n');
}

mkdirSync(OUT, { recursive: true });
const sections = [];
for (const job of jobs) {
  process.stderr.write(`profiling ${job}\n`);
  const { file, note } = profileOnce(job);
  sections.push(report(job, file, note.split('\n').pop()));
}
const text = `# UserFn profile — ${new Date().toISOString()}, node ${process.version}\n\n${sections.join('\n')}`;
writeFileSync(join(OUT, 'summary.md'), text);
process.stdout.write(`${text}\n`);
process.stderr.write(`profiles and summary.md in ${OUT}\n`);
