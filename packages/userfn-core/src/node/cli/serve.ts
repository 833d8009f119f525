import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { loadRuleSet } from '../../rules/load.js';
import { RuleSetError } from '../../rules/rule-set-error.js';
import type { RuleSet } from '../../rules/types.js';
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_BUFFERED } from '../serve/body.js';
import { runServePrimary } from '../serve/cluster-primary.js';
import { WORKER_ENV } from '../serve/cluster-protocol.js';
import { runServeWorker } from '../serve/cluster-worker.js';
import { DEFAULT_DRAIN_MS, drainService, onStopSignals } from '../serve/lifecycle.js';
import { createVerifyService } from '../serve/server.js';
import { DecisionLog } from '../serve/decision-log.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { parseCommandArgs } from './args.js';
import { readInput, systemReason, UsageError, type Io } from './io.js';
import { DEFAULT_SERVE_CACHE_ENTRIES, JUDGE_HELP, JUDGE_OPTIONS, judgeSetup } from './judge-options.js';
import { MAX_WORKERS, parseWorkers } from './verify-options.js';

export const SERVE_HELP = `Usage: userfn serve --rules <rules.json|yaml> [options]

Serves a rule set as an HTTP verifier (a NeMo Gym resource server).

Endpoints:
  POST /verify          a NeMo Gym rollout -> the rollout with "reward" (the score) and "userfn"
                        (passed, failures, warnings, decision, retry_prompt, attempt, rule_set)
  POST /verify-context  a verification context -> { passed, score, results, decision, retry_prompt?,
                        attempt, rule_set }
  POST /evaluate        { expression, context, profile?, now?, explain? } -> { value, type, explanation? } or 400 { error }
  GET /healthz          200 { status: "ok", rules, buffered, workers? }; 503 { status: "draining", reason } once stopping
  GET /rules            the loaded rule set

/verify and /verify-context take ?attempt=N (the agent's attempt, default 1: a
retry past the rule set's max_retries is decided abort) and ?session=ID (names
the session in the decision log; default $.session.key). Every result's
"rule_set" is { name, hash }: the rule set's name and a hash of its content
(the same across whitespace, key order, JSON or YAML); GET /rules shows the
one being served, and it changes when SIGHUP loads different rules.

Options:
  --rules <file>            the rule set (JSON or YAML); reloaded on SIGHUP
  --port <n>                port (default 8000; 0 picks a free one)
  --host <addr>             address to listen on (default 127.0.0.1)
  --body-limit <bytes>      largest request body (default ${DEFAULT_BODY_LIMIT}, 32 MiB); larger ones get 413
  --max-buffered <bytes>    most request-body bytes held in memory at once (default ${DEFAULT_MAX_BUFFERED},
                            256 MiB, per process), JSON that parses large counted at its size in memory;
                            a body that would pass it gets 503 and Retry-After, one that alone passes it 413
  --workers <n|auto>        worker processes sharing the port (default 1; auto: one per core);
                            a worker that dies is replaced and logged
  --drain-ms <ms>           how long to keep answering after SIGTERM/SIGINT (default ${DEFAULT_DRAIN_MS})
  --decision-log <file>     append one JSON line per verification: time, endpoint, rule_set,
                            session, attempt, passed, score, decision, failed (rule ids),
                            duration_ms; reopened on SIGHUP (with --workers every worker
                            appends whole lines to it)
  -h, --help                this help

${JUDGE_HELP}
  --judge-cache-size <n>     judge replies kept in memory, least recently used dropped first
                             (default ${DEFAULT_SERVE_CACHE_ENTRIES}; 0 or --no-judge-cache: none); errors are never kept

/verify and /verify-context await the judges; the reward includes them. Under
--judge-error abort a judge error answers 502 {"error": {"code": "judge_error"}}.
/healthz never calls the judge. With --workers each worker process has its own
judge client: --judge-concurrency and the reply cache are per worker. A reload
(SIGHUP) of a rule set with judge rules is refused when the server was started
without --judge-url.

SIGTERM or SIGINT: /healthz answers 503 at once, requests are still accepted and
answered (with Connection: close) for --drain-ms, then the listener closes, the
requests in flight finish, and the process exits 0. A second signal exits at
once (1). SIGHUP reloads --rules in every worker; a rule set that fails to
reload keeps the previous one serving and logs why.
`;

// `cannot read <file>: <reason in words>` (a UsageError) when the file cannot be read.
const read = (file: string): string => readInput(file);

const load = (file: string): RuleSet => loadRuleSet(read(file), { fileName: file });

/** The rule set's name and hash, as every result names it. */
const describe = (rs: RuleSet): string => {
  const v = ruleSetVersion(rs);
  return `${v.name ?? 'unnamed'} ${v.hash}`;
};

/** Every problem of a rule set that did not load (the error's message lists them, with file positions). */
const problems = (e: RuleSetError): string => e.message;

function positiveInt(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be a whole number >= ${min}, got '${String(value)}'`);
  return n;
}

function workersOf(value: unknown): number {
  if (value === undefined) return 1;
  if (value === 'auto') return availableParallelism();
  const n = typeof value === 'string' ? parseWorkers(value) : undefined;
  if (n === undefined) throw new UsageError(`--workers must be auto or a whole number from 1 to ${MAX_WORKERS}, got '${String(value)}'`);
  return n;
}

/** `userfn serve`: resolves with the exit code once the server has drained. */
export async function runServe(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'serve',
    argv,
    {
      rules: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'body-limit': { type: 'string' },
      'max-buffered': { type: 'string' },
      'drain-ms': { type: 'string' },
      workers: { type: 'string' },
      ...JUDGE_OPTIONS,
      'decision-log': { type: 'string' },
    },
    SERVE_HELP,
  );
  if (values.help) {
    io.out(SERVE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`userfn serve takes no positional arguments; see userfn serve --help`);
  const file = values.rules;
  if (typeof file !== 'string') throw new UsageError('userfn serve needs --rules <file>; see userfn serve --help');
  const port = positiveInt(values.port, '--port', 8000, 0);
  const bodyLimit = positiveInt(values['body-limit'], '--body-limit', DEFAULT_BODY_LIMIT, 1);
  const maxBuffered = positiveInt(values['max-buffered'], '--max-buffered', Math.max(DEFAULT_MAX_BUFFERED, bodyLimit), bodyLimit);
  const drainMs = positiveInt(values['drain-ms'], '--drain-ms', DEFAULT_DRAIN_MS, 0);
  const workers = workersOf(values.workers);
  const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
  const log = (line: string) => io.err(`${new Date().toISOString()} ${line}\n`);
  const url = (p: number) => `http://${host.includes(':') ? `[${host}]` : host}:${p}`;

  const logPath = values['decision-log'];
  // A worker process of --workers n: the primary sends it the rules (and checked the flags); the judge client and the decision log are its own.
  if (cluster.isWorker && process.env[WORKER_ENV] === '1') {
    const judge = await judgeSetup('serve', values, { judges: [] });
    const decisions = typeof logPath === 'string' ? new DecisionLog(logPath, log) : undefined;
    return runServeWorker({
      port,
      host,
      bodyLimit,
      maxBuffered,
      drainMs,
      log,
      judgeError: judge.policy,
      ...(judge.client ? { judge: judge.client } : {}),
      ...(decisions ? { decisions } : {}),
    });
  }

  let text: string;
  let ruleSet: RuleSet;
  try {
    text = read(file);
    ruleSet = loadRuleSet(text, { fileName: file });
  } catch (e) {
    if (e instanceof RuleSetError) {
      io.err(`${problems(e)}\n`);
      return 2;
    }
    throw e;
  }
  let decisions: DecisionLog | undefined;
  try {
    if (typeof logPath === 'string') {
      // With --workers each worker opens it; the primary only checks that it can be written.
      if (workers > 1) DecisionLog.check(logPath);
      else decisions = new DecisionLog(logPath, log);
    }
  } catch (e) {
    throw new UsageError(`cannot write the decision log ${String(logPath)}: ${systemReason(e as NodeJS.ErrnoException)}`);
  }
  // Checks the judge flags (and that judge rules have an endpoint) before any worker starts.
  const judge = await judgeSetup('serve', values, ruleSet);
  if (judge.description) log(`${judge.description}${workers > 1 ? ' (each worker)' : ''}`);
  /** Why a reloaded rule set cannot be served: judge rules, and no --judge-url to ask. */
  const unservable = (next: RuleSet): string | undefined =>
    next.judges.length > 0 && !judge.client
      ? `it has judge rules (${next.judges.map((j) => j.id).join(', ')}) and the server was started without --judge-url`
      : undefined;

  if (workers > 1) {
    const reread = () => {
      try {
        const next = read(file);
        const rules = loadRuleSet(next, { fileName: file });
        const why = unservable(rules);
        return why ? { error: why } : { text: next, rules: rules.definition.rules.length };
      } catch (e) {
        return { error: e instanceof RuleSetError ? problems(e) : (e as Error).message };
      }
    };
    const started = (p: number) =>
      io.out(`userfn serve: ${ruleSet.definition.rules.length} rules from ${file} (${describe(ruleSet)}) on ${url(p)} (${workers} workers)\n`);
    return runServePrimary({ workers, file, text, reread, log, started }).catch((e: Error) => {
      throw new UsageError(e.message);
    });
  }

  const service = createVerifyService({
    ruleSet,
    bodyLimit,
    maxBuffered,
    log,
    judgeError: judge.policy,
    ...(judge.client ? { judge: judge.client } : {}),
    ...(decisions ? { decisions: decisions.write } : {}),
  });
  const onHup = () => {
    if (decisions) {
      decisions.reopen();
      log(`reopened ${decisions.path}`);
    }
    try {
      const next = load(file);
      const why = unservable(next);
      if (why) throw new Error(why);
      service.setRuleSet(next);
      log(`reloaded ${file}: ${describe(next)}`);
    } catch (e) {
      log(`reload of ${file} failed; still serving the previous rule set:\n${e instanceof RuleSetError ? problems(e) : (e as Error).message}`);
    }
  };
  // The handlers are in place before the URL is printed: whoever reads it may signal at once.
  process.on('SIGHUP', onHup);
  let off = () => {};
  const stopped = new Promise<void>((resolve) => {
    off = onStopSignals(
      (signal) => void drainService(service, signal, drainMs, log).then(() => resolve()),
      (signal) => {
        log(`${signal} again: stopping now`);
        process.exit(1);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    service.server.once('error', reject);
    service.server.listen(port, host, () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    off();
    process.off('SIGHUP', onHup);
    throw new UsageError(`cannot listen on ${host}:${port}: ${systemReason(e)}`);
  });
  const address = service.server.address() as AddressInfo;
  io.out(`userfn serve: ${ruleSet.definition.rules.length} rules from ${file} (${describe(ruleSet)}) on ${url(address.port)}\n`);
  await stopped;
  off();
  process.off('SIGHUP', onHup);
  await decisions?.close();
  log('stopped');
  return 0;
}
