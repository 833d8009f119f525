/**
 * From raw cells to figures: ratios to hand-written JS and to the fastest
 * peer, the issue's targets (met or not), and the markdown tables. Pure
 * functions over plain data, tested in report.test.mjs.
 */
import { fastest, geomean, ratio } from './stats.mjs';

export const TARGET_WORKLOADS = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'];

/** The median of a cell, or null when the cell is n/a, failed, or missing. */
export function cellValue(cell) {
  return cell?.status === 'ok' && typeof cell.value === 'number' ? cell.value : null;
}

/**
 * Ratios for every engine and workload: to the hand-written closure (`js`) and
 * to the fastest peer of that workload (the peer itself included, so the
 * fastest peer shows 1.00).
 */
export function deriveRatios(engines, workloads, evaluation) {
  const peers = engines.filter((e) => e.group === 'peer');
  const fastestPeer = {};
  const toHandWritten = {};
  const toFastestPeer = {};
  for (const w of workloads) {
    const best = fastest(peers.map((e) => ({ engine: e.id, value: cellValue(evaluation[e.id]?.[w.id]) })));
    fastestPeer[w.id] = best ? { engine: best.engine, nsPerOp: best.value } : null;
  }
  for (const e of engines) {
    toHandWritten[e.id] = {};
    toFastestPeer[e.id] = {};
    for (const w of workloads) {
      const v = cellValue(evaluation[e.id]?.[w.id]);
      toHandWritten[e.id][w.id] = ratio(v, cellValue(evaluation.js?.[w.id]));
      toFastestPeer[e.id][w.id] = ratio(v, fastestPeer[w.id]?.nsPerOp ?? null);
    }
  }
  return { fastestPeer, toHandWritten, toFastestPeer };
}

function allMet(values, test) {
  if (values.length === 0 || values.some((v) => typeof v !== 'number')) return null;
  return values.every(test);
}

/**
 * The issue's targets, each with what was measured and whether it is met
 * (null when it could not be measured in this run).
 */
export function evaluateTargets({ evaluation, compile, cache, batch, languageService }) {
  const uf = (w) => cellValue(evaluation.userfn?.[w]);
  const targets = [];

  const speedups = TARGET_WORKLOADS.map((w) => ratio(cellValue(evaluation['cel-js']?.[w]), uf(w)));
  targets.push({
    id: 'eval-vs-cel-js',
    description: 'each of W1–W6 at least 5× faster than @marcbachmann/cel-js',
    threshold: '≥ 5× on every workload',
    measured: Object.fromEntries(TARGET_WORKLOADS.map((w, i) => [w, speedups[i]])),
    met: allMet(speedups, (s) => s >= 5),
  });

  const toJs = TARGET_WORKLOADS.map((w) => ratio(uf(w), cellValue(evaluation.js?.[w])));
  const gm = toJs.every((r) => typeof r === 'number') ? geomean(toJs) : null;
  targets.push({
    id: 'eval-vs-hand-written',
    description: 'geometric mean over W1–W6 within 10× of the hand-written JS closures',
    threshold: '≤ 10×',
    measured: gm,
    met: gm === null ? null : gm <= 10,
  });

  const w7 = ratio(uf('W7'), cellValue(evaluation.js?.W7));
  targets.push({
    id: 'w7-vs-property-read',
    description: 'W7: a literal singular get within 3× of a hand-written property read',
    threshold: '≤ 3×',
    measured: w7,
    met: w7 === null ? null : w7 <= 3,
  });

  const compileIds = Object.keys(compile.userfn ?? {}).filter((w) => typeof compile['cel-js']?.[w] === 'number');
  const compileRatios = compileIds.map((w) => ratio(compile.userfn[w], compile['cel-js'][w]));
  const hits = Object.values(cache ?? {});
  targets.push({
    id: 'compile-vs-cel-js',
    description: "parse+check+compile no slower than @marcbachmann/cel-js's parse+check, and a repeated compile through evaluate() is a cache hit",
    threshold: '≤ 1× on every workload; every repeat a hit',
    measured: {
      ratios: Object.fromEntries(compileIds.map((w, i) => [w, compileRatios[i]])),
      geomean: geomean(compileRatios),
      cacheHits: hits.length === 0 ? null : hits.every((c) => c.hit === true),
    },
    met: (() => {
      const ratiosMet = allMet(compileRatios, (r) => r <= 1);
      if (ratiosMet === null || hits.length === 0) return null;
      return ratiosMet && hits.every((c) => c.hit === true);
    })(),
  });

  const b = batch?.available ? batch : null;
  const r1 = b ? ratio(b.workers1?.recordsPerSecond, b.bare?.recordsPerSecond) : null;
  const r2 = b ? ratio(b.workers2?.recordsPerSecond, b.workers1?.recordsPerSecond) : null;
  targets.push({
    id: 'batch-verify',
    description: 'batch verify: at least 70% of the bare read-parse-write throughput with 1 worker, and faster again with 2',
    threshold: '1 worker ≥ 0.70 × bare; 2 workers > 1 worker',
    measured: { oneWorkerToBare: r1, twoWorkersToOne: r2, twoWorkersToBare: b ? ratio(b.workers2?.recordsPerSecond, b.bare?.recordsPerSecond) : null },
    met: (r1 !== null && r1 < 0.7) || (r2 !== null && r2 <= 1) ? false : r1 === null || r2 === null ? null : true,
  });

  const ls = languageService?.available ? languageService : null;
  const p95s = ls ? ls.cases.map((c) => c.p95) : [];
  targets.push({
    id: 'language-service',
    description: 'language service: p95 under 10 ms for diagnostics and completion on the 2 KB rule set',
    threshold: 'p95 < 10 ms',
    measured: ls ? Object.fromEntries(ls.cases.map((c) => [c.name, c.p95])) : null,
    met: ls ? allMet(p95s, (p) => p < 10) : null,
  });
  return targets;
}

/** A number for a table cell: 3 significant digits, thousands grouped. */
export function fmt(x, digits = 3) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const abs = Math.abs(x);
  if (abs >= 10 ** digits) return Math.round(x).toLocaleString('en-US');
  const places = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
  return x.toFixed(Math.min(places, 6));
}

/** A ratio as `12.3×`. */
export function fmtRatio(x) {
  return typeof x === 'number' && Number.isFinite(x) ? `${fmt(x)}×` : '—';
}

/** A markdown table from a header row and data rows (cells are strings). */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const align = header.map((_, i) => (i === 0 ? '---' : '---:'));
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

/** The text of a cell: its figure, `n/a`, or `error`. */
export function cellText(cell, format = fmt) {
  if (!cell) return '—';
  if (cell.status === 'n/a') return 'n/a';
  if (cell.status === 'error') return 'error';
  return format(cell.value);
}

function verdict(met) {
  return met === true ? 'met' : met === false ? 'MISSED' : 'not measured';
}

function measuredText(t) {
  const m = t.measured;
  switch (t.id) {
    case 'eval-vs-cel-js':
      return Object.entries(m)
        .map(([w, s]) => `${w} ${fmtRatio(s)}`)
        .join(', ');
    case 'eval-vs-hand-written':
    case 'w7-vs-property-read':
      return fmtRatio(m);
    case 'compile-vs-cel-js':
      return `${Object.entries(m.ratios)
        .map(([w, r]) => `${w} ${fmtRatio(r)}`)
        .join(', ')}; geomean ${fmtRatio(m.geomean)}; cache hits: ${m.cacheHits === null ? '—' : m.cacheHits ? 'yes' : 'NO'}`;
    case 'batch-verify':
      return `1 worker = ${fmtRatio(m.oneWorkerToBare)} bare; 2 workers = ${fmtRatio(m.twoWorkersToOne)} 1 worker (${fmtRatio(m.twoWorkersToBare)} bare)`;
    case 'language-service':
      return m
        ? Object.entries(m)
            .map(([k, v]) => `${k} ${fmt(v)} ms`)
            .join(', ')
        : '—';
    default:
      return JSON.stringify(m);
  }
}

/** The whole report as markdown. */
/**
 * Where UserFn's compile() goes, beside cel-js's parse + check: the lines of
 * the section (none without figures). The lexer and the Chevrotain grammar
 * alone are the floor of any compile that parses with Chevrotain; the
 * workloads where that floor alone takes longer than cel-js's whole
 * parse + check are named.
 */
export function compilePartsSection(parts, compile, wids) {
  if (!parts || Object.keys(parts).length === 0) return [];
  const cel = compile['cel-js'] ?? {};
  const above = wids.filter((w) => typeof parts[w]?.grammarUs === 'number' && typeof cel[w] === 'number' && parts[w].grammarUs > cel[w]);
  return [
    "Where UserFn's compile() goes, µs/op:",
    '',
    markdownTable(
      ['', ...wids],
      [
        ['compile(): the whole pipeline', ...wids.map((w) => fmt(compile.userfn?.[w]))],
        ['parse(): lexing, Chevrotain grammar, CST to AST, limits', ...wids.map((w) => fmt(parts[w]?.parseUs))],
        ['lexing + Chevrotain grammar alone (the floor with Chevrotain)', ...wids.map((w) => fmt(parts[w]?.grammarUs))],
        ['@marcbachmann/cel-js parse() + check(), for comparison', ...wids.map((w) => fmt(cel[w]))],
      ],
    ),
    '',
    above.length > 0
      ? `On ${above.join(', ')} the lexer and the Chevrotain grammar alone take longer than cel-js's whole parse + check.`
      : "On every workload the lexer and the Chevrotain grammar alone take less than cel-js's whole parse + check.",
    '',
  ];
}

export function renderMarkdown(result) {
  const { engines, workloads, evaluation, compile, ratios, cache, batch, serve, serve2, languageService, targets } = result;
  const wids = workloads.map((w) => w.id);
  const out = [];
  const m = result.machine;
  out.push(`## UserFn bench — ${result.date}`);
  out.push('');
  out.push(
    `Node ${result.node} on ${m.cpus}× ${m.cpuModel}, ${m.platform}/${m.arch}; load average ${m.loadavgStart.map((x) => x.toFixed(2)).join(' ')} at the start, ${m.loadavgEnd.map((x) => x.toFixed(2)).join(' ')} at the end.${result.quick ? ' QUICK RUN: few samples, figures are rough.' : ''}`,
  );
  if (Math.max(m.loadavgStart[0], m.loadavgEnd[0]) > m.cpus) {
    out.push('');
    out.push(
      `**The machine was busy (load average above ${m.cpus}): evaluation and compile figures are CPU time and suffer less, but the wall-time figures (batch, language-service latency) are inflated by waiting for a core.**`,
    );
  }
  out.push('');

  out.push('### Evaluation, ns/op (median of samples in a process, best of the processes; precompiled expression)');
  out.push('');
  out.push(
    markdownTable(
      ['engine', ...wids],
      engines.map((e) => [e.label, ...wids.map((w) => cellText(evaluation[e.id]?.[w]))]),
    ),
  );
  out.push('');

  out.push('### Ratio to the hand-written JS closure (same run)');
  out.push('');
  out.push(
    markdownTable(
      ['engine', ...wids],
      engines.filter((e) => e.id !== 'js').map((e) => [e.label, ...wids.map((w) => naOr(evaluation[e.id]?.[w], ratios.toHandWritten[e.id][w]))]),
    ),
  );
  out.push('');

  out.push('### Ratio to the fastest peer (same run; < 1 is faster than every peer)');
  out.push('');
  out.push(
    markdownTable(
      ['', ...wids],
      [
        [
          'fastest peer',
          ...wids.map((w) => (ratios.fastestPeer[w] ? `${labelOf(engines, ratios.fastestPeer[w].engine)} ${fmt(ratios.fastestPeer[w].nsPerOp)} ns` : '—')),
        ],
        ...engines.filter((e) => e.group !== 'peer').map((e) => [e.label, ...wids.map((w) => naOr(evaluation[e.id]?.[w], ratios.toFastestPeer[e.id][w]))]),
        ...engines.filter((e) => e.group === 'peer').map((e) => [e.label, ...wids.map((w) => naOr(evaluation[e.id]?.[w], ratios.toFastestPeer[e.id][w]))]),
      ],
    ),
  );
  out.push('');

  for (const [w, r] of Object.entries(result.ruleSetApi ?? {})) {
    out.push(
      r.available
        ? `${w} through the rule-set API (loadRuleSet + verify(): a result per rule): ${fmt(r.nsPerOp)} ns/op, vs ${fmt(cellValue(evaluation.userfn?.[w]))} ns/op for the 10 compiled expressions above.`
        : `${w} through the rule-set API: not available (${r.reason}).`,
    );
    out.push('');
  }

  out.push(
    `### W7 (read output.confidence): UserFn ${fmt(cellValue(evaluation.userfn?.W7))} ns vs hand-written property read ${fmt(cellValue(evaluation.js?.W7))} ns = ${fmtRatio(ratios.toHandWritten.userfn?.W7)}; jsonpath-plus ${cellText(evaluation['jsonpath-plus']?.W7)} ns`,
  );
  out.push('');

  out.push('### Parse + check + compile, µs/op (median; W9 = all 10 rules)');
  out.push('');
  const compileEngines = engines.filter((e) => compile[e.id]);
  out.push(
    markdownTable(
      ['engine', 'what is timed', ...wids],
      compileEngines.map((e) => [e.label, compile[e.id].what ?? '', ...wids.map((w) => fmt(compile[e.id][w]))]),
    ),
  );
  out.push('');
  out.push(...compilePartsSection(result.compileParts, compile, wids));
  if (result.compileFirst && Object.keys(result.compileFirst).length > 0) {
    out.push('The first compile in a fresh process (cold code: what a CLI run or an editor pays once), µs:');
    out.push('');
    out.push(
      markdownTable(
        ['engine', ...wids],
        compileEngines.filter((e) => result.compileFirst[e.id]).map((e) => [e.label, ...wids.map((w) => fmt(result.compileFirst[e.id][w]))]),
      ),
    );
    out.push('');
  }
  if (cache && Object.keys(cache).length > 0) {
    out.push('UserFn through `evaluate()` (the compile cache): µs/op');
    out.push('');
    out.push(
      markdownTable(
        ['', ...wids],
        [
          ['repeat compile is a cache hit', ...wids.map((w) => (cache[w] ? (cache[w].hit ? 'yes' : 'NO') : '—'))],
          ['cache lookup (compileCached)', ...wids.map((w) => fmt(cache[w]?.lookupUs))],
          ['evaluate(source, ctx) total', ...wids.map((w) => fmt(cache[w]?.evaluateUs))],
          ['compile() for comparison', ...wids.map((w) => fmt(compile.userfn?.[w]))],
        ],
      ),
    );
    out.push('');
  }

  out.push('### Batch `userfn verify` (generated sessions JSONL, the W9 10-rule rule set)');
  out.push('');
  if (batch?.available) {
    const row = (label, f) =>
      f?.available === false
        ? [label, 'not available', '—', '—']
        : [label, fmt(f?.seconds), fmt(f?.recordsPerSecond), fmtRatio(ratio(f?.recordsPerSecond, batch.bare.recordsPerSecond))];
    out.push(
      markdownTable(
        ['run', 'seconds (median)', 'records/s', 'vs bare loop'],
        [
          ['bare read-JSON.parse-JSON.stringify-write loop', fmt(batch.bare.seconds), fmt(batch.bare.recordsPerSecond), '1.00×'],
          row('userfn verify, 1 worker', batch.workers1),
          row('userfn verify, 2 workers', batch.workers2),
        ],
      ),
    );
    for (const [n, f] of [
      [1, batch.workers1],
      [2, batch.workers2],
    ])
      if (f?.available === false) out.push('', `${n} worker${n === 1 ? '' : 's'}: not available: ${f.reason}`);
    out.push('');
    out.push(
      `Executable: ${batch.cli}. File: ${fmt(batch.fileBytes / 1e6)} MB, ${batch.records.toLocaleString('en-US')} records, ${batch.failing.toLocaleString('en-US')} of them failing some rule.`,
    );
  } else {
    out.push(`not available: ${batch?.reason ?? 'not run'}${batch?.bare ? ` (bare loop: ${fmt(batch.bare.recordsPerSecond)} records/s)` : ''}`);
  }
  out.push('');

  out.push('### `userfn serve`: POST /verify (NeMo Gym rollouts, the W9 rule set)');
  out.push('');
  if (serve?.available) {
    const row = (label, s) =>
      s?.available
        ? [
            label,
            s.requests.toLocaleString('en-US'),
            String(s.concurrency),
            fmt(s.requestsPerSecond),
            fmt(s.latencyMs.p50),
            fmt(s.latencyMs.p95),
            fmt(s.latencyMs.p99),
            fmtRatio(ratio(s.requestsPerSecond, batch?.workers1?.recordsPerSecond)),
          ]
        : [label, 'not available', '', '', '', '', '', ''];
    out.push(
      markdownTable(
        ['workers', 'requests', 'in flight', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'vs batch verify, 1 worker (records/s)'],
        [row('1', serve), ...(serve2 ? [row('2', serve2)] : [])],
      ),
    );
    out.push('');
    out.push(`Every response was checked: status 200 and reward ${fmt(serve.reward)}. Request body: ${serve.bodyBytes} bytes.`);
  } else {
    out.push(`not available: ${serve?.reason ?? 'not run'}`);
  }
  out.push('');

  out.push('### Language service (2 KB rule set)');
  out.push('');
  if (languageService?.available) {
    out.push(
      markdownTable(
        ['request', 'p50 ms', 'p95 ms', 'max ms', 'runs'],
        languageService.cases.map((c) => [c.label, fmt(c.p50), fmt(c.p95), fmt(c.max), String(c.runs)]),
      ),
    );
    out.push('');
    out.push(
      `Document: ${languageService.documentBytes} bytes, ${languageService.rules} rules; ${languageService.diagnostics} diagnostics on it; ${languageService.failures} internal failures.`,
    );
  } else {
    out.push(`not available: ${languageService?.reason ?? 'not run'}`);
  }
  out.push('');

  out.push('### Targets (issue 6)');
  out.push('');
  out.push(
    markdownTable(
      ['target', 'threshold', 'measured', 'verdict'],
      targets.map((t) => [t.description, t.threshold, measuredText(t), verdict(t.met)]),
    ),
  );
  out.push('');
  const failed = [];
  for (const e of engines) for (const w of wids) if (evaluation[e.id]?.[w]?.status === 'error') failed.push(`${e.label} ${w}: ${evaluation[e.id][w].reason}`);
  if (failed.length > 0) {
    out.push('### Cells that failed');
    out.push('');
    for (const f of failed) out.push(`- ${f}`);
    out.push('');
  }
  return out.join('\n');
}

function naOr(cell, r) {
  if (cell?.status === 'n/a') return 'n/a';
  if (cell?.status === 'error') return 'error';
  return fmtRatio(r);
}

function labelOf(engines, id) {
  return engines.find((e) => e.id === id)?.label ?? id;
}
