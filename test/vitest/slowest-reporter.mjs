/**
 * A vitest reporter (beside the default one) that names the slowest tests and
 * files of a run and compares the run's wall time with the package's stated
 * budget. It reports, it does not fail: a time limit in the suite would fail
 * at random on a loaded machine, which is what the budget is meant to stop.
 * A test over `perTestSeconds` or a run over `suiteSeconds` is flagged
 * "OVER BUDGET" so that the slow test gets fixed (or the budget argued for).
 */
export default class SlowestReporter {
  /** @param {{ suiteSeconds: number, perTestSeconds: number, top?: number }} budget */
  constructor(budget) {
    this.budget = budget;
    this.top = budget.top ?? 8;
  }

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestRunEnd(testModules) {
    const wall = (performance.now() - this.started) / 1000;
    const tests = [];
    const files = [];
    const root = process.cwd();
    for (const m of testModules) {
      const file = m.moduleId.startsWith(root) ? m.moduleId.slice(root.length + 1) : m.moduleId;
      files.push({ file, seconds: (m.diagnostic().duration ?? 0) / 1000 });
      for (const t of m.children.allTests()) {
        const d = t.diagnostic();
        if (d) tests.push({ name: `${file} > ${t.fullName}`, seconds: d.duration / 1000 });
      }
    }
    const { suiteSeconds, perTestSeconds } = this.budget;
    const line = (s, name, limit) => `  ${s.toFixed(1).padStart(6)} s  ${name}${limit !== undefined && s > limit ? '  OVER BUDGET' : ''}`;
    const out = [''];
    out.push(`Slowest tests (budget ${perTestSeconds} s each):`);
    for (const t of tests.sort((a, b) => b.seconds - a.seconds).slice(0, this.top)) out.push(line(t.seconds, t.name, perTestSeconds));
    out.push('Slowest files:');
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, this.top)) out.push(line(f.seconds, f.file));
    out.push(`Suite: ${wall.toFixed(0)} s of a ${suiteSeconds} s budget${wall > suiteSeconds ? '  OVER BUDGET' : ''}`);
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
