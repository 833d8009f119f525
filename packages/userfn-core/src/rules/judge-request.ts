import type { JudgeCallRecord } from './types.js';

/** One chat message of a judge request. */
export interface JudgeMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

/**
 * One request to a judge, as the rules layer renders it: the messages, the
 * reply's JSON schema (as Chat Completions' `response_format`), and for a
 * repeated sample its seed. The endpoint, model and key are the backend's.
 */
export interface JudgeRequest {
  readonly messages: readonly JudgeMessage[];
  readonly responseFormat: { readonly type: 'json_schema'; readonly json_schema: { readonly name: string; readonly strict: true; readonly schema: object } };
  /** Set on samples after the first, so that each sample is a distinct request (and cache entry). */
  readonly seed?: number;
  /** The rule ids asked, in the order the request lists them. */
  readonly ruleIds: readonly string[];
}

/** A reply: its text and how the call went. */
export interface JudgeAnswer {
  readonly content: string;
  readonly record: JudgeCallRecord;
}

/**
 * Sends judge requests: the network, retries, concurrency, the cache and the
 * key live behind it (`@userfn/core/node` has one over the `openai` client),
 * so the rules layer stays browser-safe. `ask` rejects with a JudgeCallError.
 */
export interface JudgeBackend {
  ask(request: JudgeRequest): Promise<JudgeAnswer>;
}

/** A judge call that gave no reply (after its retries): what happened, and the record of the attempt. */
export class JudgeCallError extends Error {
  override readonly name = 'JudgeCallError';
  constructor(
    message: string,
    readonly record: JudgeCallRecord,
  ) {
    super(message);
  }
}

/** Thrown by `verifyAsync` under the `abort` judge-error policy: the first judge error, with its rule. */
export class JudgeAbortError extends Error {
  override readonly name = 'JudgeAbortError';
  constructor(
    readonly ruleId: string,
    readonly reason: string,
  ) {
    super(`judge error on rule '${ruleId}': ${reason}`);
  }
}
