import type { AddressInfo } from 'node:net';
import { loadRuleSet } from '../../rules/load.js';
import { RuleSetError } from '../../rules/rule-set-error.js';
import type { RuleSet } from '../../rules/types.js';
import { DEFAULT_BODY_LIMIT } from '../serve/body.js';
import { createVerifyService } from '../serve/server.js';
import { parseCommandArgs } from './args.js';
import { readInput, systemReason, UsageError, type Io } from './io.js';

export const SERVE_HELP = `Usage: userfn serve --rules <rules.json|yaml> [options]

Serves a rule set as an HTTP verifier (a NeMo Gym resource server).

Endpoints:
  POST /verify          a NeMo Gym rollout -> the rollout with "reward" (the score) and "userfn" (passed, failures, warnings)
  POST /verify-context  a verification context -> { passed, score, results }
  POST /evaluate        { expression, context, profile?, now?, explain? } -> { value, type, explanation? } or 400 { error }
  GET /healthz          { status: "ok" }
  GET /rules            the loaded rule set

Options:
  --rules <file>        the rule set (JSON or YAML); reloaded on SIGHUP
  --port <n>            port (default 8000; 0 picks a free one)
  --host <addr>         address to listen on (default 127.0.0.1)
  --body-limit <bytes>  largest request body (default ${DEFAULT_BODY_LIMIT})
  -h, --help            this help

SIGTERM and SIGINT drain in-flight requests, then exit. A rule set that fails to
reload keeps the previous one serving and logs why.
`;

function load(file: string): RuleSet {
  return loadRuleSet(readInput(file), { fileName: file });
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
  }, SERVE_HELP);
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
  const service = createVerifyService({ ruleSet, bodyLimit, log });
  await new Promise<void>((resolve, reject) => {
    service.server.once('error', reject);
    service.server.listen(port, host, () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot listen on ${host}:${port}: ${systemReason(e)}`);
  });

  const onHup = () => {
    try {
      service.setRuleSet(load(file));
      log(`reloaded ${file}`);
    } catch (e) {
      log(`reload of ${file} failed; still serving the previous rule set:\n${e instanceof RuleSetError ? problems(e) : (e as Error).message}`);
    }
  };
  process.on('SIGHUP', onHup);
  const address = service.server.address() as AddressInfo;
  io.out(`userfn serve: ${ruleSet.rules.length} rules from ${file} on http://${host.includes(':') ? `[${host}]` : host}:${address.port}\n`);
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
