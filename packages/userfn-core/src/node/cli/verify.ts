import { createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { claimEarlyWorkers, workerThreadsFor } from '../batch/early-workers.js';
import { verifyStream } from '../batch/verify-stream.js';
import { progressReporter } from '../batch/progress.js';
import { formatSummary, type BatchSummary } from '../batch/stats.js';
import { formatTimeline, type BatchTimeline } from '../batch/timeline.js';
import type { BatchFormat } from '../batch/record.js';
import { clockMs } from '../../api/clock.js';
import { loadRuleSet } from '../../rules/load.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { formatRuleSetProblem, RuleSetError } from '../../rules/rule-set-error.js';
import type { RuleSet } from '../../rules/types.js';
import { parseCommandArgs } from './args.js';
import { JudgeAbortError } from '../../rules/judge-request.js';
import { JUDGE_HELP, judgeDiskCacheHelp, judgeSetup } from './judge-options.js';
import { MAX_WORKERS, parseWorkers, VERIFY_OPTIONS } from './verify-options.js';
import { fileError, processIo, readInput, UsageError, type Io } from './io.js';

export const VERIFY_HELP = `Usage: userfn verify --rules <rules.json|yaml> <sessions.jsonl | -> [options]

Verifies every line of a JSON Lines file (or - for standard input) against a
rule set, streaming, and writes one JSON line per input line, in input order:

  {"line": 1, "id": "ses_1", "passed": false, "score": 0.5,
   "failures": [{"rule": "...", "message": "...", "explanation": "..."}], "warnings": [],
   "rule_set": {"name": "support", "hash": "sha256:1f0c…"}}

"id" is $.session.key when present, else the line number. "rule_set" names
the rule set that scored the line: its name (null without one) and a hash of
its content, the same across whitespace, key order, JSON or YAML (the summary
prints it too; userfn serve's GET /rules shows the served one's). A blank line, a
line that is not JSON or not an object gives {"line": n, "error": {"kind":
"input", "message": "..."}} and the run goes on.

Options:
  --rules <file>     the rule set, JSON or YAML (required)
  --out <file>       write the output lines to a file instead of standard output
  --format <f>       sessions (default): each line is a verification context
                     nemo-gym: each line is a NeMo Gym rollout; it is written
                     back unchanged except for "reward", set to the score, and
                     "userfn": {"rule_set": {...}} (CRLF line ends kept; see the
                     README for the mapping)
  --workers <n>      verify on n threads: this one and n-1 worker threads
                     (default 1); the output is identical. More threads than
                     cores only share them
  --timeline         after the summary, print when each thread was ready and
                     how many chunks of lines it verified (to choose --workers)
  --now <iso>        the clock of every record (default: the start of the run)
  -h, --help         this help

${JUDGE_HELP}
${judgeDiskCacheHelp('sessions')}

With judge rules each line also has "judged": one entry per judge rule with its
verdict (pass, fail, error or skipped by its "when"), reason, score and the
record of each call (request hash, cached, latency_ms, attempts, tokens; "raw"
with --judge-audit), and "incomplete": true when a judge gave no verdict. With
--format nemo-gym a rollout gets its reward and "userfn": { rule_set }, as
without judges, plus "incomplete": true there when a judge gave no verdict and,
with --judge-audit, "judged" (those entries). Rule sets with judge rules run on
this thread (--workers is not used): the judge calls are the cost.

Standard output holds only the output lines; a progress bar (on a terminal)
and the summary go to standard error.

Exit codes: 0 every record passed, 1 some record failed or had an input error,
2 bad usage, an unreadable file or an invalid rule set (nothing is written),
3 stopped by --judge-error abort (the lines before the failed record are written).
`;

const FORMATS: readonly BatchFormat[] = ['sessions', 'nemo-gym'];
const READ_CHUNK = 1 << 18;

/** Loads the rule set; an invalid one prints every problem and is a usage failure. */
function loadRules(path: string, io: Io): RuleSet | undefined {
  const text = readInput(path);
  try {
    const rs = loadRuleSet(text, { fileName: path });
    for (const w of rs.warnings) io.err(`warning: ${formatRuleSetProblem(w, path)}\n`);
    return rs;
  } catch (e) {
    if (!(e instanceof RuleSetError)) throw e;
    const n = e.problems.length;
    io.err(`userfn verify: invalid rule set ${path} (${n} problem${n === 1 ? '' : 's'}):\n`);
    for (const p of e.problems) io.err(`${formatRuleSetProblem(p, path)}\n`);
    return undefined;
  }
}

async function openInput(path: string): Promise<{ handle?: FileHandle; size?: number }> {
  if (path === '-') return {};
  try {
    const handle = await open(path, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) {
      await handle.close();
      throw new UsageError(`cannot read ${path}: it is a directory`);
    }
    return { handle, size: stat.isFile() ? stat.size : undefined };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw fileError('read', path, e);
  }
}

/** Opens the --out file (created only once everything else is known to be valid). */
function openOutput(path: string): Promise<Writable> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(path);
    out.once('open', () => resolve(out));
    out.once('error', (e: NodeJS.ErrnoException) => reject(fileError('write', path, e)));
  });
}

/** Standard output, or the injected Io's `out` for in-process callers. */
function stdoutOf(io: Io): Writable {
  if (io === processIo) return process.stdout;
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      io.out(String(chunk));
      callback();
    },
  });
}

function endOutput(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
}

/** `userfn verify`: returns the exit code. */
export async function runVerify(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('verify', argv, VERIFY_OPTIONS, VERIFY_HELP);
  if (values.help) {
    io.out(VERIFY_HELP);
    return 0;
  }
  const rulesPath = values.rules as string | undefined;
  if (rulesPath === undefined) throw new UsageError('userfn verify needs --rules <rules.json|yaml>; see userfn verify --help');
  if (positionals.length !== 1)
    throw new UsageError(`userfn verify takes one input file (or - for standard input), got ${positionals.length}; see userfn verify --help`);
  const inputPath = positionals[0]!;
  const format = (values.format ?? 'sessions') as BatchFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`unknown format '${String(values.format)}': use sessions or nemo-gym`);
  const workersText = (values.workers as string | undefined) ?? '1';
  const workers = parseWorkers(workersText);
  if (workers === undefined) throw new UsageError(`--workers must be an integer from 1 to ${MAX_WORKERS}, got '${workersText}'`);
  const now = values.now as string | undefined;
  if (now !== undefined) {
    try {
      clockMs(now);
    } catch (e) {
      throw new UsageError(`userfn verify: ${(e as Error).message}`);
    }
  }

  const ruleSet = loadRules(rulesPath, io);
  if (!ruleSet) return 2;
  const judge = await judgeSetup('verify', values, ruleSet);
  if (judge.description) io.err(`${judge.description}\n`);
  if (ruleSet.judges.length > 0 && workers > 1) io.err(`note: a rule set with judge rules runs on one thread; --workers ${workers} is not used\n`);
  const input = await openInput(inputPath);
  let output: Writable;
  try {
    output = values.out !== undefined ? await openOutput(values.out as string) : stdoutOf(io);
  } catch (e) {
    await input.handle?.close();
    throw e;
  }
  const stream = input.handle ? input.handle.createReadStream({ highWaterMark: READ_CHUNK }) : process.stdin;
  const progress = io.stderrIsTTY ? progressReporter((t) => io.err(t), input.size) : undefined;

  let summary: BatchSummary;
  let timeline: BatchTimeline | undefined;
  try {
    // The worker threads the executable started at its start, if any (none when the CLI runs in-process).
    const pool = claimEarlyWorkers(workerThreadsFor(workers));
    summary = await verifyStream(ruleSet, stream, output, {
      format,
      workers,
      ...(pool ? { pool } : {}),
      ...(now !== undefined ? { now } : {}),
      ...(progress ? { onProgress: (p) => progress.update(p) } : {}),
      ...(values.timeline ? { onTimeline: (t) => (timeline = t) } : {}),
      ...(judge.client ? { judge: judge.client } : {}),
      judgeError: judge.policy,
      judgeAudit: Boolean(values['judge-audit']),
    });
    if (values.out !== undefined) await endOutput(output);
  } catch (e) {
    progress?.done();
    if (e instanceof JudgeAbortError) {
      const at = (e as JudgeAbortError & { line?: number }).line;
      io.err(`userfn verify: stopped${at !== undefined ? ` at line ${at}` : ''} (--judge-error abort): ${e.message}\n`);
      if (values.out !== undefined) await endOutput(output).catch(() => undefined);
      return 3;
    }
    // A system error (an unreadable input, a closed output: EPIPE, ENOSPC…) is not a bug.
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('E')) throw new UsageError(`userfn verify: cannot read or write: ${(e as Error).message}`);
    throw e;
  } finally {
    if (input.handle) stream.destroy();
  }
  progress?.done();
  const version = ruleSetVersion(ruleSet);
  io.err(formatSummary(summary));
  io.err(`rule set ${version.name ?? rulesPath} ${version.hash}\n`);
  // Times from the process start (performance.timeOrigin), when the worker threads started too.
  if (timeline) io.err(`timeline:\n${formatTimeline(timeline, performance.timeOrigin)}`);
  return summary.failed === 0 && summary.inputErrors === 0 ? 0 : 1;
}
