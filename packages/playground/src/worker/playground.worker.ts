/**
 * The playground's web worker: hosts the language service (the same one the
 * LSP server runs) and evaluates expressions and rule sets, off the page's
 * thread. The page enforces the time limit by terminating this worker, so
 * nothing here needs to be interruptible.
 */
import { PROFILE_NAMES, PROFILES, type ProfileName } from '@userfn/core';
import { createLanguageService, SEMANTIC_TOKENS_LEGEND } from '@userfn/lsp/service';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { contextStatus, parseContext, type ParsedContext } from './context.js';
import { evaluateExpression, type EvaluationContext } from './evaluate.js';
import { TIMED_METHODS, type DocumentSnapshot, type Methods, type Reply, type Request } from './protocol.js';
import { verifyRuleSet } from './verify-rules.js';

// The DOM lib types `self` as a Window; this is all of the worker scope used here.
const scope = self as unknown as {
  postMessage(message: Reply): void;
  onmessage: ((event: MessageEvent<Request>) => void) | null;
};

let profile: ProfileName = 'verification';
let context: ParsedContext = parseContext('');
// The last context that parsed: completion keeps offering its keys while the JSON is being edited.
let sample: unknown;

const service = createLanguageService({
  profile,
  onError: (feature, error) => console.error(`language service: ${feature} failed`, error),
});

function reconfigure(): void {
  service.configure({ profile, ...(sample !== undefined ? { sampleContext: sample } : {}) });
}

function document(doc: DocumentSnapshot): TextDocument {
  return TextDocument.create(doc.uri, doc.languageId, doc.version, doc.text);
}

function evaluationContext(): EvaluationContext {
  return context.ok ? { ok: true, value: context.value } : { ok: false, message: context.message };
}

type Handlers = { [M in keyof Methods]: (params: Methods[M]['params']) => Methods[M]['result'] };

const handlers: Handlers = {
  init: () => ({ legend: SEMANTIC_TOKENS_LEGEND, profiles: PROFILE_NAMES.map((name) => ({ name, description: PROFILES[name].description })) }),
  configure: (p) => {
    profile = p.profile;
    if (p.context !== undefined) {
      context = parseContext(p.context);
      if (context.ok) sample = context.value;
    }
    reconfigure();
    return contextStatus(context);
  },
  validate: (p) => service.doValidation(document(p.doc)),
  complete: (p) => service.doComplete(document(p.doc), p.position),
  hover: (p) => service.doHover(document(p.doc), p.position),
  signatureHelp: (p) => service.doSignatureHelp(document(p.doc), p.position),
  semanticTokens: (p) => service.getSemanticTokens(document(p.doc)),
  codeActions: (p) => service.getCodeActions(document(p.doc), p.range, p.context),
  format: (p) => service.format(document(p.doc), p.options),
  evaluate: (p) => evaluateExpression(p.expression, p.profile, evaluationContext(), p.now),
  verify: (p) => verifyRuleSet(p.rules, evaluationContext(), p.now),
};

scope.onmessage = (event) => {
  const request = event.data;
  if (TIMED_METHODS.has(request.method)) scope.postMessage({ id: request.id, started: true });
  try {
    const handler = handlers[request.method] as (params: unknown) => unknown;
    scope.postMessage({ id: request.id, result: handler(request.params) });
  } catch (e) {
    // The core and the service never throw for user input: this is a bug, reported as such.
    scope.postMessage({ id: request.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
};
