/**
 * @userfn/lsp/service — the browser-safe language service (no Node APIs, no
 * connection): the playground's web worker imports this entry.
 */
export { createLanguageService, type LanguageService } from './language-service.js';
export type { LanguageServiceConfig } from './config.js';
export { SEMANTIC_TOKENS_LEGEND } from './features/semantic-tokens.js';
export { DIAGNOSTIC_SOURCE } from './features/diagnostics.js';
export { documentKind, type DocumentKind } from './document-kind.js';
export type { DocumentModel, EmbeddedSource } from './model.js';
export type { SourceMap } from './source-map.js';
