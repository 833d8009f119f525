/** `userfn serve`: verification as an HTTP service. */
export { createVerifyService, type ServeOptions, type VerifyService } from './server.js';
export { DEFAULT_BODY_LIMIT, DEFAULT_MAX_BUFFERED } from './body.js';
export { DecisionLog } from './decision-log.js';
export type { DecisionEntry } from './handlers.js';
