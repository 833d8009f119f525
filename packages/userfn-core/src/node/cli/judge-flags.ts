// No imports: the executable reads these flags before it loads the core (see verify-options.ts).

/** The judge flags of `userfn verify` and `userfn serve` (parseArgs options). The key is never a flag: USERFN_JUDGE_API_KEY. */
export const JUDGE_OPTIONS = {
  'judge-url': { type: 'string' },
  'judge-model': { type: 'string' },
  'judge-concurrency': { type: 'string' },
  'judge-timeout': { type: 'string' },
  'judge-retries': { type: 'string' },
  'judge-error': { type: 'string' },
  'judge-audit': { type: 'boolean' },
  'judge-cache': { type: 'string' },
  'no-judge-cache': { type: 'boolean' },
  'judge-cache-size': { type: 'string' },
} as const;
