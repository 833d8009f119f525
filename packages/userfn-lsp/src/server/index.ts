/** @userfn/lsp/server — startServer on any connection (the Node entry is ./node.js, run by bin/userfn-lsp.mjs). */
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { toServiceConfig, type ReadFile, type UserFnSettings } from './settings.js';
