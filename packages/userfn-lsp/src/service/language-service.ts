/**
 * The UserFn language service: plain functions that take a text document (and
 * a position or range) and return LSP data types. No I/O, no connection, no
 * timers: the stdio server and the playground's web worker both run it.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  CodeActionContext,
  CompletionList,
  Diagnostic,
  FormattingOptions,
  Hover,
  Position,
  Range,
  SemanticTokens,
  SignatureHelp,
  TextEdit,
} from 'vscode-languageserver-types';
import { resolveConfig, type LanguageServiceConfig, type ResolvedConfig } from './config.js';
import { codeActions } from './features/code-actions.js';
import { complete } from './features/completion.js';
import { validate } from './features/diagnostics.js';
import { formatDocument } from './features/formatting.js';
import { hover } from './features/hover.js';
import { semanticTokens } from './features/semantic-tokens.js';
import { signatureHelp } from './features/signature-help.js';
import { guarded } from './guard.js';
import { AnalysisCache } from './analysis-cache.js';
import { ModelCache } from './model-cache.js';
import { editModel } from './model-edit.js';
import { buildModel, type DocumentModel, type ModelSettings } from './model.js';

/** What createLanguageService returns. Every function is total: it never throws. */
export interface LanguageService {
  /** Replaces the configuration (and drops cached models); returns the problems found in it. */
  configure(config: LanguageServiceConfig): readonly string[];
  /** Every diagnostic of the document. */
  doValidation(document: TextDocument): Diagnostic[];
  /** Completions at a position. */
  doComplete(document: TextDocument, position: Position): CompletionList;
  /** The hover at a position, or null. */
  doHover(document: TextDocument, position: Position): Hover | null;
  /** Signature help at a position, or null. */
  doSignatureHelp(document: TextDocument, position: Position): SignatureHelp | null;
  /** Edits that format the document with the core's formatter. */
  format(document: TextDocument, options?: FormattingOptions): TextEdit[];
  /** Semantic tokens for the whole document (see SEMANTIC_TOKENS_LEGEND). */
  getSemanticTokens(document: TextDocument): SemanticTokens;
  /** Quick fixes for the diagnostics in a range. */
  getCodeActions(document: TextDocument, range: Range, context: CodeActionContext): CodeAction[];
  /** The parsed model of a document version (cached by uri + version). */
  parse(document: TextDocument): DocumentModel;
  /** Drops a closed document's cached model. */
  forget(uri: string): void;
}

/** Creates a language service; `config` may be changed later with `configure`. */
export function createLanguageService(config: LanguageServiceConfig = {}): LanguageService {
  let resolved: ResolvedConfig = resolveConfig(config);
  const cache = new ModelCache();
  const analyses = new AnalysisCache();
  // An edit inside one condition of a JSON rule set updates the previous model; anything else reads the document again.
  const model = (document: TextDocument): DocumentModel =>
    cache.get(document, () => {
      const settings: ModelSettings = { config: resolved, analyses };
      const previous = cache.latest(document.uri);
      return (previous && editModel(previous, document, settings)) ?? buildModel(document, settings);
    });
  const run = <R>(feature: string, fallback: () => R, fn: () => R): R => guarded(feature, resolved.onError, fallback, fn);

  return {
    configure(next) {
      return run(
        'configure',
        () => ['the configuration could not be read'],
        () => {
          resolved = resolveConfig(next);
          cache.clear();
          analyses.clear();
          return resolved.problems;
        },
      );
    },
    doValidation: (document) =>
      run(
        'doValidation',
        () => [],
        () => validate(document, model(document)),
      ),
    doComplete: (document, position) =>
      run<CompletionList>(
        'doComplete',
        () => ({ isIncomplete: false, items: [] }),
        () => complete(document, position, model(document), resolved),
      ),
    doHover: (document, position) =>
      run(
        'doHover',
        () => null,
        () => hover(document, position, model(document), resolved),
      ),
    doSignatureHelp: (document, position) =>
      run(
        'doSignatureHelp',
        () => null,
        () => signatureHelp(document, position, model(document), resolved),
      ),
    format: (document) =>
      run(
        'format',
        () => [],
        () => formatDocument(document, model(document)),
      ),
    getSemanticTokens: (document) =>
      run<SemanticTokens>(
        'getSemanticTokens',
        () => ({ data: [] }),
        () => semanticTokens(document, model(document)),
      ),
    getCodeActions: (document, range, context) =>
      run(
        'getCodeActions',
        () => [],
        () => codeActions(document, range, context, model(document)),
      ),
    parse: (document) =>
      run(
        'parse',
        () => ({ uri: document.uri, version: document.version, text: '', kind: 'other', sources: [], problems: [], tooLarge: false, judges: [] }),
        () => model(document),
      ),
    forget: (uri) =>
      run(
        'forget',
        () => undefined,
        () => cache.forget(uri),
      ),
  };
}
