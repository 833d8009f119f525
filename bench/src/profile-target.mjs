/**
 * What profile.mjs profiles: UserFn evaluating one workload in its generated
 * loop (as in the bench, one workload per process), or compiling the sources
 * of W1–W9 over and over. V8's CPU profiler (the one behind --cpu-prof) is
 * started through the inspector after a warm-up, so module loading and
 * start-up JIT work stay out of the profile.
 *   node src/profile-target.mjs eval <W1..W8> <out.cpuprofile> [seconds]
 *   node src/profile-target.mjs compile <out.cpuprofile> [seconds]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { compile } from '@userfn/core';
import { userfnOptions } from './engines.mjs';
import { CONTEXT_COPIES, makeLoop } from './loops.mjs';
import { loadWorkloads } from './workloads.mjs';

const [mode, ...rest] = process.argv.slice(2);
const workloadId = mode === 'eval' ? rest.shift() : undefined;
const outFile = rest.shift();
const seconds = Number(rest[0] ?? (mode === 'compile' ? 4 : 2));
const WARMUP_MS = 700;
const bench = loadWorkloads();
const contexts = Array.from({ length: CONTEXT_COPIES }, () => structuredClone(bench.context));

/** Runs `step` for a warm-up, then for `ms` under the CPU profiler; writes the profile. */
async function profiled(ms, step) {
  forAbout(WARMUP_MS, step);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const rounds = forAbout(ms, step);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(outFile, JSON.stringify(profile));
  return rounds;
}

function forAbout(ms, step) {
  const end = performance.now() + ms;
  let rounds = 0;
  while (performance.now() < end) {
    step();
    rounds++;
  }
  return rounds;
}

if (!outFile) {
  process.stderr.write('usage: node src/profile-target.mjs eval <workload> <out> | compile <out> [seconds]\n');
  process.exit(2);
} else if (mode === 'eval') {
  for (const wl of bench.workloads.filter((w) => w.id === workloadId)) {
    const target = compile(wl.sources.userfn, userfnOptions(wl, bench.now));
    const loop = makeLoop('T.evaluate(X)', 1, false);
    const rounds = await profiled(seconds * 1000, () => loop(target, undefined, contexts, 1000));
    process.stderr.write(`${wl.id}: ${rounds * 1000} evaluations in ${seconds} s\n`);
  }
} else if (mode === 'compile') {
  const sources = bench.workloads.flatMap((w) => (Array.isArray(w.sources.userfn) ? w.sources.userfn : [w.sources.userfn]).map((s) => [s, w]));
  const rounds = await profiled(seconds * 1000, () => {
    for (const [s, w] of sources) compile(s, userfnOptions(w, bench.now));
  });
  process.stderr.write(`compile: ${rounds} rounds of ${sources.length} sources in ${seconds} s\n`);
} else {
  process.stderr.write('usage: node src/profile-target.mjs eval <workload> <out> | compile <out> [seconds]\n');
  process.exit(2);
}
