import { homedir } from 'node:os';
import { join } from 'node:path';
import type { JudgeErrorPolicy, RuleSet } from '../../rules/types.js';
import { DiskCache, MemoryCache, type JudgeCache } from '../judge/cache.js';
import type { JudgeClient } from '../judge/client.js';
import { JUDGE_DEFAULTS, JUDGE_KEY_ENV } from '../judge/defaults.js';
import { UsageError } from './io.js';
export { JUDGE_OPTIONS } from './judge-flags.js';

/** The default on-disk cache of `userfn verify`: $XDG_CACHE_HOME/userfn/judge, else ~/.cache/userfn/judge. */
export function defaultJudgeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env['XDG_CACHE_HOME'] && env['XDG_CACHE_HOME'] !== '' ? env['XDG_CACHE_HOME'] : join(homedir(), '.cache');
  return join(base, 'userfn', 'judge');
}

/** In `userfn serve`, replies kept in memory by default. */
export const DEFAULT_SERVE_CACHE_ENTRIES = 10_000;

export const JUDGE_HELP = `Judge rules (rules with a "judge" instead of a "condition"):
  --judge-url <url>          the OpenAI-compatible endpoint's base URL (POST <url>/chat/completions),
                             e.g. https://api.openai.com/v1 or http://127.0.0.1:8001/v1 (vLLM, Ollama)
  --judge-model <name>       the judge model (required with --judge-url)
                             The API key is read from the environment variable ${JUDGE_KEY_ENV}
                             only (none: no Authorization header); it is never printed.
  --judge-concurrency <n>    judge requests in flight at once (default ${JUDGE_DEFAULTS.concurrency})
  --judge-timeout <seconds>  per attempt (default ${JUDGE_DEFAULTS.timeoutMs / 1000})
  --judge-retries <n>        retries on 408, 409, 429, 5xx, timeouts and connection errors, with
                             exponential backoff and jitter, honouring retry-after (default ${JUDGE_DEFAULTS.retries})
  --judge-error <policy>     what a judge error (no usable verdict after the retries) does:
                             fail (default): the rule counts as not held - a reward never comes
                               from a judge that did not answer;
                             skip: the rule is left out of the verdict and the score;
                             abort: stop at the first one.
                             Whatever the policy the record says "incomplete": true.
  --judge-audit              also keep each judge reply's raw text in the output lines`;

function whole(value: unknown, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || n < min || n > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got '${String(value)}'`);
  return n;
}

/** The help of the disk cache of judge replies (userfn verify's and userfn test's), for a rerun over the same `what`. */
export const judgeDiskCacheHelp = (what: string) => `  --judge-cache <dir>        where judge replies are kept: a rerun over the same ${what}
                             sends no request (default ${'$'}XDG_CACHE_HOME/userfn/judge or
                             ~/.cache/userfn/judge); errors are never kept
  --no-judge-cache           keep no replies`;

/** What the judge flags chose. */
export interface JudgeSetup {
  readonly client?: JudgeClient;
  readonly policy: JudgeErrorPolicy;
  /** One line for the log: endpoint, model, concurrency, cache (never the key). */
  readonly description?: string;
}

/**
 * Reads the judge flags (the client is created only with --judge-url). A rule set with judge rules needs --judge-url and
 * --judge-model (a usage error otherwise: every judge rule would be an
 * error; `test` calls it only with --judge-url, its cases scripting the judge
 * otherwise). `serve` keeps replies in memory (--judge-cache-size entries),
 * `verify` and `test` on disk (--judge-cache <dir>, default under ~/.cache;
 * none with --no-judge-cache).
 */
export async function judgeSetup(
  command: 'verify' | 'serve' | 'test',
  values: Readonly<Record<string, string | boolean | undefined>>,
  ruleSet: Pick<RuleSet, 'judges'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<JudgeSetup> {
  const policyText = (values['judge-error'] as string | undefined) ?? 'fail';
  if (policyText !== 'fail' && policyText !== 'skip' && policyText !== 'abort')
    throw new UsageError(`--judge-error must be fail, skip or abort, got '${policyText}'`);
  const policy: JudgeErrorPolicy = policyText;
  const url = values['judge-url'] as string | undefined;
  const model = values['judge-model'] as string | undefined;
  if (url === undefined) {
    if (ruleSet.judges.length > 0)
      throw new UsageError(
        `userfn ${command}: the rule set has ${ruleSet.judges.length} judge rule${ruleSet.judges.length === 1 ? '' : 's'} (${ruleSet.judges.map((j) => j.id).join(', ')}): give --judge-url and --judge-model`,
      );
    return { policy };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--judge-url must be an http(s) URL, got '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--judge-url must be an http(s) URL, got '${url}'`);
  if (parsed.username || parsed.password) throw new UsageError(`--judge-url must not hold credentials: put the key in ${JUDGE_KEY_ENV}`);
  if (model === undefined || model.trim() === '') throw new UsageError('--judge-url needs --judge-model <name>');
  const concurrency = whole(values['judge-concurrency'], '--judge-concurrency', JUDGE_DEFAULTS.concurrency, 1, 1024);
  const retries = whole(values['judge-retries'], '--judge-retries', JUDGE_DEFAULTS.retries, 0, 10);
  const timeoutText = values['judge-timeout'] as string | undefined;
  const timeoutS = timeoutText === undefined ? JUDGE_DEFAULTS.timeoutMs / 1000 : Number(timeoutText);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 3600 || timeoutText?.trim() === '')
    throw new UsageError(`--judge-timeout must be a number of seconds from 0 to 3600, got '${timeoutText}'`);

  let cache: JudgeCache | undefined;
  let cacheText: string;
  if (command === 'serve') {
    if (values['judge-cache'] !== undefined) throw new UsageError('userfn serve keeps judge replies in memory: use --judge-cache-size <entries> (0: none)');
    const entries = values['no-judge-cache'] ? 0 : whole(values['judge-cache-size'], '--judge-cache-size', DEFAULT_SERVE_CACHE_ENTRIES, 0);
    cache = entries > 0 ? new MemoryCache(entries) : undefined;
    cacheText = entries > 0 ? `memory cache of ${entries} replies` : 'no cache';
  } else {
    if (values['judge-cache-size'] !== undefined)
      throw new UsageError(`userfn ${command} keeps judge replies on disk: use --judge-cache <dir> or --no-judge-cache`);
    if (values['no-judge-cache'] && values['judge-cache'] !== undefined) throw new UsageError('--judge-cache and --no-judge-cache exclude each other');
    const dir = values['no-judge-cache'] ? undefined : ((values['judge-cache'] as string | undefined) ?? defaultJudgeCacheDir(env));
    cache = dir !== undefined ? new DiskCache(dir) : undefined;
    cacheText = dir !== undefined ? `cache ${dir}` : 'no cache';
  }
  const apiKey = env[JUDGE_KEY_ENV];
  // Loaded only when a judge is configured: the openai client costs every other command nothing.
  const { createJudgeClient } = await import('../judge/client.js');
  const client = createJudgeClient({
    baseURL: url,
    model,
    ...(apiKey !== undefined && apiKey !== '' ? { apiKey } : {}),
    concurrency,
    retries,
    timeoutMs: Math.max(1, Math.round(timeoutS * 1000)),
    ...(cache ? { cache } : {}),
    audit: Boolean(values['judge-audit']),
  });
  const description = `judge ${model} at ${parsed.origin}${parsed.pathname.replace(/\/$/, '')}, ${concurrency} in flight, ${cacheText}, errors ${policy}${apiKey ? `, key in ${JUDGE_KEY_ENV}` : ', no key'}`;
  return { client, policy, description };
}
