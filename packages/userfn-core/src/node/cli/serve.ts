import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadRuleSet } from '../../rules/load.js';
import { RuleSetError } from '../../rules/rule-set-error.js';
import type { RuleSet } from '../../rules/types.js';
import { DEFAULT_BODY_LIMIT } from '../serve/body.js';
import { createVerifyService } from '../serve/server.js';
import { parseCommandArgs } from './args.js';
import { DEFAULT_SERVE_CACHE_ENTRIES, JUDGE_HELP, JUDGE_OPTIONS, judgeSetup } from './judge-options.js';
import { UsageError, type Io } from './io.js';

export const SERVE_HELP = `Usage: userfn serve --rules <rules.json|yaml> [options]

Serves a rule set as an HTTP verifier (a NeMo Gym resource server).

Endpoints:
  POST /verify          a NeMo Gym rollout -> the rollout with "reward" (the score) and "userfn" (passed, failures, warnings)
  POST /verify-context  a verification context -> { passed, score, results }
  POST /evaluate        { expression, context, profile?, now?, explain? } -> { value, type, explanation? } or 400 { error }
  GET  /healthz         { status: "ok" }
  GET  /rules           the loaded rule set

Options:
  --rules <file>       the rule set (JSON or YAML); reloaded on SIGHUP
  --port <n>           port (default 8000; 0 picks a free one)
  --host <addr>        address to listen on (default 127.0.0.1)
  --body-limit <bytes> largest request body (default ${DEFAULT_BODY_LIMIT})
  -h, --help           this help

${JUDGE_HELP}
  --judge-cache-size <n>     judge replies kept in memory, least recently used dropped first
                             (default ${DEFAULT_SERVE_CACHE_ENTRIES}; 0 or --no-judge-cache: none); errors are never kept

/verify and /verify-context await the judges; the reward includes them. Under
--judge-error abort a judge error answers 502 {"error": {"code": "judge_error"}}.
/healthz never calls the judge.

SIGTERM and SIGINT drain in-flight requests, then exit. A rule set that fails to
reload keeps the previous one serving and logs why.
`;

function load(file: string): RuleSet {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return loadRuleSet(text, { fileName: file });
}

/** Every problem of a rule set that did not load (the error's message lists them, with file positions). */
const problems = (e: RuleSetError): string => e.message;

function positiveInt(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} must be a whole number >= ${min}, got '${String(value)}'`);
  return n;
}

/** `userfn serve`: resolves with the exit code once the server has drained. */
export async function runServe(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('serve', argv, {
    rules: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'body-limit': { type: 'string' },
    ...JUDGE_OPTIONS,
  });
  if (values.help) {
    io.out(SERVE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`userfn serve takes no positional arguments; see userfn serve --help`);
  const file = values.rules;
  if (typeof file !== 'string') throw new UsageError('userfn serve needs --rules <file>; see userfn serve --help');
  const port = positiveInt(values.port, '--port', 8000, 0);
  const bodyLimit = positiveInt(values['body-limit'], '--body-limit', DEFAULT_BODY_LIMIT, 1);
  const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
  let ruleSet: RuleSet;
  try {
    ruleSet = load(file);
  } catch (e) {
    if (e instanceof RuleSetError) {
      io.err(`${problems(e)}\n`);
      return 2;
    }
    throw e;
  }
  const log = (line: string) => io.err(`${new Date().toISOString()} ${line}\n`);
  const judge = await judgeSetup('serve', values, ruleSet);
  if (judge.description) log(judge.description);
  const service = createVerifyService({ ruleSet, bodyLimit, log, judgeError: judge.policy, ...(judge.client ? { judge: judge.client } : {}) });
  await new Promise<void>((resolve, reject) => {
    service.server.once('error', reject);
    service.server.listen(port, host, () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot listen on ${host}:${port}: ${e.code ?? e.message}`);
  });

  const onHup = () => {
    try {
      const next = load(file);
      if (next.judges.length > 0 && !judge.client) throw new Error(`it has judge rules (${next.judges.map((j) => j.id).join(', ')}) and the server was started without --judge-url`);
      service.setRuleSet(next);
      log(`reloaded ${file}`);
    } catch (e) {
      log(`reload of ${file} failed; still serving the previous rule set:\n${e instanceof RuleSetError ? problems(e) : (e as Error).message}`);
    }
  };
  process.on('SIGHUP', onHup);
  const address = service.server.address() as AddressInfo;
  io.out(`userfn serve: ${ruleSet.definition.rules.length} rules from ${file} on http://${host.includes(':') ? `[${host}]` : host}:${address.port}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`${signal}: draining`);
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      void service.drain().then(resolve);
    };
    const onTerm = () => stop('SIGTERM');
    const onInt = () => stop('SIGINT');
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
  });
  process.off('SIGHUP', onHup);
  log('stopped');
  return 0;
}
