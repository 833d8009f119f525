/**
 * @userfn/core/node — what needs Node.js: batch verification of JSON lines on
 * worker threads, the `userfn serve` HTTP service and the CLI's entry point.
 * The language itself is `@userfn/core`, which this entry re-exports so that a
 * Node program needs one import.
 */
export * from './index.js';
export * from './node/batch/index.js';
export * from './node/serve/index.js';
export * from './node/judge/index.js';
