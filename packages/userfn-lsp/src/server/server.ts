/**
 * The language server: thin wiring of the language service onto an LSP
 * connection. It syncs documents (incrementally), validates them debounced,
 * publishes each document's diagnostics with the version they were computed
 * from (publish.ts), and reads its
 * configuration from initializationOptions and the `userfn` workspace section.
 * It uses no Node API itself (file reading is injected), so a browser worker
 * can run it too.
 */
import {
  DidChangeConfigurationNotification,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  type Connection,
  type InitializeParams,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, type LanguageService } from '../service/index.js';
import { clientPreferences, serverCapabilities } from './capabilities.js';
import { toServiceConfig, uriToPath, type ReadFile } from './settings.js';
import { currentDiagnostics } from './publish.js';
import { ValidationScheduler } from './validation-scheduler.js';

/** Options of startServer. */
export interface ServerOptions {
  /** Reads files named in the settings (contextSchema, sampleContext); absent in browsers. */
  readonly readFile?: ReadFile;
  /** The version the server reports in its initialize result (the Node entry passes package.json's); omitted when absent. */
  readonly version?: string;
  /** Quiet time after an edit before validating (default 150 ms). */
  readonly validationDelayMs?: number;
}

/** A running server: its service and documents, for hosts that want to look inside. */
export interface RunningServer {
  readonly service: LanguageService;
  readonly documents: TextDocuments<TextDocument>;
}

/** A send that fails only when the connection is already gone: nothing is left to tell. */
const ignore = (): undefined => undefined;

/** Starts serving on a connection (and starts listening on it). */
export function startServer(connection: Connection, options: ServerOptions = {}): RunningServer {
  const documents = new TextDocuments(TextDocument);
  const log = (feature: string, error: unknown): void => {
    connection.console.error(`userfn: ${feature} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  const service = createLanguageService({ onError: log });
  let initOptions: unknown;
  let root: string | undefined;
  let preferences = { snippets: false, markdown: true, pullConfiguration: false, registerConfiguration: false };
  let shuttingDown = false;

  const publish = (uri: string): void => {
    if (shuttingDown) return;
    const params = currentDiagnostics(documents, uri, (d) => service.doValidation(d));
    if (params) connection.sendDiagnostics(params).catch(ignore);
  };
  const delayMs = options.validationDelayMs ?? 150;
  const scheduler = new ValidationScheduler(publish, { delayMs, maxWaitMs: Math.max(1000, delayMs * 5) });

  const configure = (workspaceSettings: unknown): void => {
    const base = initOptions !== null && typeof initOptions === 'object' ? initOptions : {};
    const overlay = workspaceSettings !== null && typeof workspaceSettings === 'object' ? workspaceSettings : {};
    const { config, problems } = toServiceConfig({ ...base, ...overlay }, { root, readFile: options.readFile });
    problems.push(...service.configure({ ...config, snippets: preferences.snippets, markdown: preferences.markdown, onError: log }));
    // a notification, not a request: allowed before the initialize result, and needs no answer
    for (const p of problems) connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `UserFn: ${p}` }).catch(ignore);
    for (const d of documents.all()) scheduler.schedule(d.uri);
  };

  connection.onInitialize((params: InitializeParams) => {
    preferences = clientPreferences(params.capabilities);
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    root = folder ? uriToPath(folder) : (params.rootPath ?? undefined);
    initOptions = params.initializationOptions;
    const userfn = (initOptions as { userfn?: unknown } | null | undefined)?.userfn;
    if (userfn !== undefined) initOptions = userfn; // accept both { profile } and { userfn: { profile } }
    configure(undefined);
    return { capabilities: serverCapabilities(), serverInfo: { name: 'userfn-lsp', ...(options.version !== undefined ? { version: options.version } : {}) } };
  });

  /** Asks the client for the `userfn` section (clients that only answer pulls never push settings). */
  const pull = (): void => {
    connection.workspace.getConfiguration('userfn').then(
      (settings: unknown) => {
        if (settings !== null && settings !== undefined) configure(settings);
      },
      (e: unknown) => log('configuration', e),
    );
  };

  connection.onInitialized(() => {
    if (preferences.registerConfiguration) connection.client.register(DidChangeConfigurationNotification.type, { section: 'userfn' }).catch(ignore);
    if (preferences.pullConfiguration) pull();
  });

  connection.onDidChangeConfiguration((params) => {
    const settings = (params.settings as { userfn?: unknown } | null | undefined)?.userfn;
    if (settings !== undefined || !preferences.pullConfiguration) return configure(settings);
    pull();
  });

  documents.onDidOpen((e) => scheduler.schedule(e.document.uri));
  documents.onDidChangeContent((e) => scheduler.schedule(e.document.uri));
  documents.onDidClose((e) => {
    scheduler.cancel(e.document.uri);
    service.forget(e.document.uri);
    connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }).catch(ignore);
  });

  const withDocument = <R>(uri: string, empty: R, fn: (d: TextDocument) => R): R => {
    const d = documents.get(uri);
    return d ? fn(d) : empty;
  };
  connection.onCompletion((p) => withDocument(p.textDocument.uri, null, (d) => service.doComplete(d, p.position)));
  connection.onHover((p) => withDocument(p.textDocument.uri, null, (d) => service.doHover(d, p.position)));
  connection.onSignatureHelp((p) => withDocument(p.textDocument.uri, null, (d) => service.doSignatureHelp(d, p.position)));
  connection.onDocumentFormatting((p) => withDocument(p.textDocument.uri, [], (d) => service.format(d, p.options)));
  connection.onCodeAction((p) => withDocument(p.textDocument.uri, [], (d) => service.getCodeActions(d, p.range, p.context)));
  connection.languages.semanticTokens.on((p) => withDocument(p.textDocument.uri, { data: [] }, (d) => service.getSemanticTokens(d)));

  connection.onShutdown(() => {
    shuttingDown = true;
    scheduler.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return { service, documents };
}
