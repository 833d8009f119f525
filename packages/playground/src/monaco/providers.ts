/**
 * Monaco's language features, all answered by the language service in the
 * playground worker: completion, hover, signature help, semantic tokens,
 * quick fixes, formatting, and diagnostics as markers. A request that loses
 * its worker (restarted after a time limit) answers nothing.
 */
import type { SemanticTokensLegend } from 'vscode-languageserver-types';
import type { WorkerClient } from '../worker-client.js';
import type { DocumentSnapshot } from '../worker/protocol.js';
import { USERFN, USERFN_RULES_JSON, YAML } from './languages.js';
import {
  SERVICE_SOURCE,
  toCodeActions,
  toDiagnostic,
  toHover,
  toLspPosition,
  toLspRange,
  toMarker,
  toSignatureHelp,
  toSuggestions,
  toTextEdits,
} from './lsp-convert.js';
import { monaco } from './monaco.js';

/** Owner of the service's markers. */
export const SERVICE_MARKERS = 'userfn';

/** The service's view of a Monaco model, or undefined for a model that is not UserFn (the context). */
export type Snapshot = (model: monaco.editor.ITextModel) => DocumentSnapshot | undefined;

const LANGUAGES = [USERFN, USERFN_RULES_JSON, YAML];

/** Resolves to the fallback when the worker went away (restart) or failed. */
async function orElse<T>(p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch {
    return fallback;
  }
}

/** Registers every provider once; they ask `snapshot` which models are UserFn. */
export function registerProviders(client: WorkerClient, legend: SemanticTokensLegend, snapshot: Snapshot): void {
  for (const language of LANGUAGES) {
    monaco.languages.registerCompletionItemProvider(language, {
      triggerCharacters: ['.', '$', '[', "'", '(', ' '],
      async provideCompletionItems(model, position) {
        const doc = snapshot(model);
        if (!doc) return { suggestions: [] };
        const word = model.getWordUntilPosition(position);
        const fallback = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
        const list = await orElse(client.request('complete', { doc, position: toLspPosition(position) }), { isIncomplete: false, items: [] });
        return toSuggestions(list, fallback);
      },
    });
    monaco.languages.registerHoverProvider(language, {
      async provideHover(model, position) {
        const doc = snapshot(model);
        if (!doc) return null;
        return toHover(await orElse(client.request('hover', { doc, position: toLspPosition(position) }), null));
      },
    });
    monaco.languages.registerSignatureHelpProvider(language, {
      signatureHelpTriggerCharacters: ['(', ','],
      signatureHelpRetriggerCharacters: [')'],
      async provideSignatureHelp(model, position) {
        const doc = snapshot(model);
        if (!doc) return null;
        return toSignatureHelp(await orElse(client.request('signatureHelp', { doc, position: toLspPosition(position) }), null));
      },
    });
    monaco.languages.registerDocumentSemanticTokensProvider(language, {
      getLegend: () => legend,
      async provideDocumentSemanticTokens(model) {
        const doc = snapshot(model);
        if (!doc) return null;
        const tokens = await orElse(client.request('semanticTokens', { doc }), { data: [] });
        return { data: Uint32Array.from(tokens.data) };
      },
      releaseDocumentSemanticTokens: () => undefined,
    });
    monaco.languages.registerCodeActionProvider(language, {
      async provideCodeActions(model, range, context) {
        const doc = snapshot(model);
        if (!doc) return { actions: [], dispose: () => undefined };
        const markers = context.markers.filter((m) => m.source === SERVICE_SOURCE);
        const lspContext = { diagnostics: markers.map(toDiagnostic), ...(context.only ? { only: [context.only] } : {}) };
        const actions = await orElse(client.request('codeActions', { doc, range: toLspRange(range), context: lspContext }), []);
        return toCodeActions(actions, doc.uri, model.uri, markers);
      },
    });
    monaco.languages.registerDocumentFormattingEditProvider(language, {
      async provideDocumentFormattingEdits(model, options) {
        const doc = snapshot(model);
        if (!doc) return [];
        return toTextEdits(await orElse(client.request('format', { doc, options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } }), []));
      },
    });
  }
}

/**
 * Asks the service for a model's diagnostics and shows them as markers;
 * an answer for an older version of the text is dropped.
 */
export async function refreshMarkers(client: WorkerClient, model: monaco.editor.ITextModel, snapshot: Snapshot): Promise<void> {
  const doc = snapshot(model);
  if (!doc) return;
  let diagnostics: Awaited<ReturnType<typeof client.request<'validate'>>>;
  try {
    diagnostics = await client.request('validate', { doc });
  } catch {
    return; // the worker restarted: the restart refreshes every model
  }
  if (model.isDisposed() || model.getVersionId() !== doc.version) return;
  monaco.editor.setModelMarkers(model, SERVICE_MARKERS, diagnostics.map(toMarker));
}
