/** The judge backend of `@userfn/core/node`: Chat Completions over the `openai` client, with a cache. */
export { createJudgeClient, JUDGE_DEFAULTS, JUDGE_KEY_ENV, type JudgeClient, type JudgeClientOptions, type JudgeStats } from './client.js';
export { DiskCache, MemoryCache, type CachedReply, type JudgeCache } from './cache.js';
export { requestKey } from './request-key.js';
