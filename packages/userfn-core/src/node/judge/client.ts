import type OpenAI from 'openai';
import { parseJudgeReply } from '../../rules/judge-reply.js';
import { JudgeCallError, type JudgeAnswer, type JudgeBackend, type JudgeRequest } from '../../rules/judge-request.js';
import type { JudgeCallRecord } from '../../rules/types.js';
import type { JudgeCache } from './cache.js';
import { Limiter } from './limiter.js';
import { requestKey } from './request-key.js';
import { JUDGE_DEFAULTS } from './defaults.js';

export { JUDGE_DEFAULTS, JUDGE_KEY_ENV } from './defaults.js';

/** Options of `createJudgeClient`. */
export interface JudgeClientOptions {
  /** The endpoint's base URL: requests go to `<baseURL>/chat/completions`. */
  readonly baseURL: string;
  readonly model: string;
  /** The API key (from USERFN_JUDGE_API_KEY); without one no Authorization header is sent (a local server). */
  readonly apiKey?: string;
  readonly concurrency?: number;
  readonly timeoutMs?: number;
  readonly retries?: number;
  /** Where replies are kept (none: every request goes to the endpoint). */
  readonly cache?: JudgeCache;
  /** Keep each reply's raw text in its audit record. */
  readonly audit?: boolean;
  /** The fetch the client uses (tests count requests). */
  readonly fetch?: typeof fetch;
}

/** Counts of a judge client's work. */
export interface JudgeStats {
  /** Requests answered from the endpoint or the cache (one per session and sample). */
  asks: number;
  /** Of those, answered from the cache. */
  cacheHits: number;
  /** Calls that gave no usable reply after their retries. */
  errors: number;
  /** HTTP requests sent, retries included. */
  attempts: number;
  promptTokens: number;
  completionTokens: number;
}

/** A judge backend over an OpenAI-compatible endpoint, with its counts. */
export interface JudgeClient extends JudgeBackend {
  readonly stats: Readonly<JudgeStats>;
  /** Requests being sent now (the progress bar shows it). */
  readonly inFlight: number;
}

type OpenAIModule = typeof import('openai');

/**
 * The `openai` package, loaded when a request first goes to an endpoint: a
 * process that never calls a judge (or answers every call from the cache)
 * does not load it (it was half of the import of @userfn/core/node: 65 ms).
 */
let openaiModule: Promise<OpenAIModule> | undefined;
const loadOpenAI = (): Promise<OpenAIModule> => (openaiModule ??= import('openai'));

// Set by the client on each request, read and removed by the fetch below: the attempts of one call are counted without the endpoint seeing it.
const CALL_HEADER = 'x-userfn-judge-call';

/** What a failed call was, in one line, without anything of the request (the key never appears). */
function describeFailure(e: unknown, timeoutMs: number, api: OpenAIModule): string {
  if (e instanceof api.APIConnectionTimeoutError) return `the judge endpoint did not answer within ${timeoutMs} ms`;
  if (e instanceof api.APIError && e.status !== undefined)
    return `the judge endpoint answered HTTP ${e.status}${e.message ? `: ${e.message.replace(/^\d+\s*/, '').slice(0, 200)}` : ''}`;
  if (e instanceof Error) return `the judge endpoint could not be reached: ${e.message}${e.cause instanceof Error ? ` (${e.cause.message})` : ''}`;
  return `the judge call failed: ${String(e)}`;
}

/**
 * A judge backend that sends Chat Completions requests through the `openai`
 * client: `temperature: 0`, the request's `response_format` and seed. The
 * client retries 408, 409, 429, 5xx, timeouts and connection errors with
 * exponential backoff (0.5 s doubling to 8 s, minus up to 25 % jitter),
 * honouring `retry-after-ms` and `retry-after`. Its logging is off (no
 * header, no key is ever written) and no OPENAI_* variable of the
 * environment is read. A reply is cached only when it gives a verdict for
 * every rule asked.
 */
export function createJudgeClient(options: JudgeClientOptions): JudgeClient {
  const timeoutMs = options.timeoutMs ?? JUDGE_DEFAULTS.timeoutMs;
  const limiter = new Limiter(options.concurrency ?? JUDGE_DEFAULTS.concurrency);
  const stats: JudgeStats = { asks: 0, cacheHits: 0, errors: 0, attempts: 0, promptTokens: 0, completionTokens: 0 };
  const attempts = new Map<string, number>();
  const baseFetch = options.fetch ?? globalThis.fetch;
  let nextCall = 0;
  // An endpoint may echo the key (in an error, even in a reply): no text from it leaves this client with the key in it.
  const key = options.apiKey;
  const redact = (text: string): string => (key !== undefined && key !== '' ? text.split(key).join('[redacted]') : text);

  const countingFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = headers.get(CALL_HEADER);
    headers.delete(CALL_HEADER);
    if (options.apiKey === undefined) headers.delete('authorization');
    if (call !== null) attempts.set(call, (attempts.get(call) ?? 0) + 1);
    stats.attempts++;
    return baseFetch(input, { ...init, headers });
  }) as typeof fetch;

  let client: Promise<OpenAI> | undefined;
  const clientNow = (): Promise<OpenAI> =>
    (client ??= loadOpenAI().then(
      (api) =>
        new api.default({
          // The client insists on a key; without one the placeholder's header is removed above.
          apiKey: options.apiKey ?? 'none',
          baseURL: options.baseURL,
          organization: null,
          project: null,
          timeout: timeoutMs,
          maxRetries: options.retries ?? JUDGE_DEFAULTS.retries,
          logLevel: 'off',
          fetch: countingFetch,
        }),
    ));

  const send = async (request: JudgeRequest, requestHash: string): Promise<JudgeAnswer> => {
    const call = String(nextCall++);
    let started = performance.now();
    const record = (extra: Partial<JudgeCallRecord> = {}): JudgeCallRecord => {
      const n = attempts.get(call) ?? 0;
      return { request: requestHash, cached: false, latencyMs: Math.round(performance.now() - started), ...(n > 0 ? { attempts: n } : {}), ...extra };
    };
    let openai: OpenAI;
    try {
      openai = await clientNow();
    } catch (e) {
      stats.errors++;
      throw new JudgeCallError(`the judge client could not be loaded (the openai package): ${e instanceof Error ? e.message : String(e)}`, record());
    }
    // The call's latency is the endpoint's: loading the client (once, on the first call) is not part of it.
    started = performance.now();
    try {
      const completion = await openai.chat.completions.create(
        {
          model: options.model,
          messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
          temperature: 0,
          response_format: request.responseFormat as OpenAI.ResponseFormatJSONSchema,
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
        },
        { headers: { [CALL_HEADER]: call } },
      );
      const usage = completion.usage;
      const tokens = usage ? { prompt: usage.prompt_tokens, completion: usage.completion_tokens } : undefined;
      if (tokens) {
        stats.promptTokens += tokens.prompt;
        stats.completionTokens += tokens.completion;
      }
      const message = completion.choices?.[0]?.message;
      const base = record(tokens ? { tokens } : {});
      if (!message) throw new JudgeCallError("the judge's reply has no message", base);
      if (typeof message.refusal === 'string' && message.refusal !== '')
        throw new JudgeCallError(`the judge refused: ${redact(message.refusal).slice(0, 200)}`, base);
      if (typeof message.content !== 'string') throw new JudgeCallError("the judge's reply has no text content", base);
      const content = redact(message.content);
      const verdicts = parseJudgeReply(content, request.ruleIds).verdicts;
      // Errors are never cached: only a reply with a verdict for every rule asked.
      if (options.cache && [...verdicts.values()].every((v) => !('error' in v)))
        await options.cache.set(requestHash, { content, ...(tokens ? { tokens } : {}) });
      return { content, record: { ...base, ...(options.audit ? { raw: content } : {}) } };
    } catch (e) {
      stats.errors++;
      if (e instanceof JudgeCallError) throw e;
      throw new JudgeCallError(redact(describeFailure(e, timeoutMs, await loadOpenAI())), record());
    } finally {
      attempts.delete(call);
    }
  };

  return {
    stats,
    get inFlight() {
      return limiter.active;
    },
    async ask(request) {
      const body = {
        model: options.model,
        messages: request.messages,
        temperature: 0,
        response_format: request.responseFormat,
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
      };
      const hash = requestKey(options.baseURL, body);
      stats.asks++;
      const hit = await options.cache?.get(hash);
      if (hit) {
        stats.cacheHits++;
        return {
          content: hit.content,
          record: { request: hash, cached: true, latencyMs: 0, ...(hit.tokens ? { tokens: hit.tokens } : {}), ...(options.audit ? { raw: hit.content } : {}) },
        };
      }
      return limiter.run(() => send(request, hash));
    },
  };
}
