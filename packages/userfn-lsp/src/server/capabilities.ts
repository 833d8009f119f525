/** What the server announces at initialisation, and what it reads of the client's capabilities. */
import { CodeActionKind, TextDocumentSyncKind, type ClientCapabilities, type ServerCapabilities } from 'vscode-languageserver';
import { SEMANTIC_TOKENS_LEGEND } from '../service/index.js';

/** The server's capabilities: every feature of the service. */
export function serverCapabilities(): ServerCapabilities {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    // `.` and `[` start a path segment, `'` and `$` a path, `"` a JSON rule-set string
    completionProvider: { triggerCharacters: ['.', '[', "'", '$'], resolveProvider: false },
    hoverProvider: true,
    signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
    documentFormattingProvider: true,
    semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
  };
}

/** What the service should produce for this client. */
export function clientPreferences(c: ClientCapabilities | undefined): {
  snippets: boolean;
  markdown: boolean;
  pullConfiguration: boolean;
  registerConfiguration: boolean;
} {
  const formats = c?.textDocument?.hover?.contentFormat;
  return {
    snippets: c?.textDocument?.completion?.completionItem?.snippetSupport === true,
    markdown: formats === undefined || formats.includes('markdown'),
    pullConfiguration: c?.workspace?.configuration === true,
    registerConfiguration: c?.workspace?.didChangeConfiguration?.dynamicRegistration === true,
  };
}
