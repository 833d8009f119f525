// Light on purpose: the CLI's help and flags read these without loading the openai client.

/** The environment variable the key is read from (never a command-line flag). */
export const JUDGE_KEY_ENV = 'USERFN_JUDGE_API_KEY';

export const JUDGE_DEFAULTS = {
  /** Requests in flight at once. 8 keeps a hosted endpoint's rate limits and a local server's batch both busy without a storm of 429s. */
  concurrency: 8,
  /** Per attempt, in milliseconds. */
  timeoutMs: 60_000,
  /** Retries after the first attempt, on 408, 409, 429, 5xx, timeouts and connection errors. */
  retries: 3,
} as const;
