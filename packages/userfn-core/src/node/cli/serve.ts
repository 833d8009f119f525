import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadRuleSet } from '../../rules/load.js';
import { RuleSetError } from '../../rules/rule-set-error.js';
import type { RuleSet } from '../../rules/types.js';
import { DEFAULT_BODY_LIMIT } from '../serve/body.js';
import { createVerifyService } from '../serve/server.js';
import { DecisionLog } from '../serve/decision-log.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { parseCommandArgs } from './args.js';
import { UsageError, type Io } from './io.js';

export const SERVE_HELP = `Usage: userfn serve --rules <rules.json|yaml> [options]

Serves a rule set as an HTTP verifier (a NeMo Gym resource server).

Endpoints:
  POST /verify          a NeMo Gym rollout -> the rollout with "reward" (the score) and "userfn"
                        (passed, failures, warnings, decision, retry_prompt, attempt, rule_set)
  POST /verify-context  a verification context -> { passed, score, results, decision, retry_prompt?,
                        attempt, rule_set }
  POST /evaluate        { expression, context, profile?, now?, explain? } -> { value, type, explanation? } or 400 { error }
  GET  /healthz         { status: "ok" }
  GET  /rules           the loaded rule set: its name and hash, profile, max_retries and rules

/verify and /verify-context take ?attempt=N (the agent's attempt, default 1: a
retry past the rule set's max_retries is decided abort) and ?session=ID (names
the session in the decision log; default $.session.key). Every result's
"rule_set" is { name, hash }: the rule set's name and a hash of its content
(the same across whitespace, key order, JSON or YAML); GET /rules shows the
one being served, and it changes when SIGHUP loads different rules.

Options:
  --rules <file>       the rule set (JSON or YAML); reloaded on SIGHUP
  --port <n>           port (default 8000; 0 picks a free one)
  --host <addr>        address to listen on (default 127.0.0.1)
  --body-limit <bytes> largest request body (default ${DEFAULT_BODY_LIMIT})
  --decision-log <file> append one JSON line per verification: time, endpoint,
                       rule_set, session, attempt, passed, score, decision,
                       failed (rule ids), duration_ms; reopened on SIGHUP
  -h, --help           this help

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

/** `userfn serve`: resolves with the exit code once the server has drained. */
export async function runServe(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('serve', argv, {
    rules: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'body-limit': { type: 'string' },
    'decision-log': { type: 'string' },
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
  const logPath = values['decision-log'];
  let decisions: DecisionLog | undefined;
  try {
    if (typeof logPath === 'string') decisions = new DecisionLog(logPath, log);
  } catch (e) {
    throw new UsageError(`cannot write the decision log ${String(logPath)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const service = createVerifyService({ ruleSet, bodyLimit, log, ...(decisions ? { decisions: decisions.write } : {}) });
  await new Promise<void>((resolve, reject) => {
    service.server.once('error', reject);
    service.server.listen(port, host, () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot listen on ${host}:${port}: ${e.code ?? e.message}`);
  });

  const onHup = () => {
    if (decisions) {
      decisions.reopen();
      log(`reopened ${decisions.path}`);
    }
    try {
      const next = load(file);
      service.setRuleSet(next);
      log(`reloaded ${file}: ${describe(next)}`);
    } catch (e) {
      log(`reload of ${file} failed; still serving the previous rule set:\n${e instanceof RuleSetError ? problems(e) : (e as Error).message}`);
    }
  };
  process.on('SIGHUP', onHup);
  const address = service.server.address() as AddressInfo;
  io.out(`userfn serve: ${ruleSet.rules.length} rules from ${file} (${describe(ruleSet)}) on http://${host.includes(':') ? `[${host}]` : host}:${address.port}\n`);
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
  await decisions?.close();
  log('stopped');
  return 0;
}
