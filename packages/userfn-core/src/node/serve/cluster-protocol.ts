/** The messages between the `userfn serve --workers` primary and its worker processes. */

/** What `/healthz` reports about the workers. */
export interface WorkersStatus {
  /** Workers asked for (`--workers`). */
  readonly configured: number;
  /** Workers listening now. */
  readonly listening: number;
  /** Workers that died and were replaced since the start. */
  readonly restarts: number;
}

export type ToWorker =
  /** The rule set's text, read and checked once by the primary, so that every worker serves the same version. */
  | { readonly type: 'rules'; readonly text: string; readonly file: string; readonly generation: number }
  | { readonly type: 'drain'; readonly reason: string }
  /** SIGHUP reached the primary: reopen the decision log (log rotation). */
  | { readonly type: 'reopen' }
  | { readonly type: 'status'; readonly workers: WorkersStatus };

export type FromWorker =
  /** The worker listens for messages: it can be sent the rule set (a message sent earlier could be lost). */
  | { readonly type: 'ready' }
  | { readonly type: 'rules-loaded'; readonly rules: number; readonly generation: number }
  | { readonly type: 'rules-failed'; readonly message: string }
  | { readonly type: 'listen-failed'; readonly message: string };

/** The environment variable that marks a process forked as a serve worker. */
export const WORKER_ENV = 'USERFN_SERVE_WORKER';
