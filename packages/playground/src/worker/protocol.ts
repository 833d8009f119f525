/**
 * The messages between the page and the playground worker. One request
 * carries an id, a method and its params; the worker answers with the same
 * id, and says `started` before an evaluation so the page's time limit
 * measures the evaluation itself, not the queue in front of it.
 */
import type { ProfileName } from '@userfn/core';
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
  SemanticTokensLegend,
  SignatureHelp,
  TextEdit,
} from 'vscode-languageserver-types';
import type { ContextStatus } from './context.js';
import type { EvaluationResult } from './evaluate.js';
import type { RuleSetOutcome } from './verify-rules.js';

/** A document as the page holds it: the worker builds a TextDocument from it. */
export interface DocumentSnapshot {
  readonly uri: string;
  readonly languageId: string;
  readonly version: number;
  readonly text: string;
}

/** Every method: its params and its result. */
export interface Methods {
  /** The semantic-tokens legend (from the service) and what each profile is for (from the core). */
  init: { params: Record<string, never>; result: { legend: SemanticTokensLegend; profiles: { name: ProfileName; description: string }[] } };
  /** Sets the profile and, when given, the context text (parsed once, here). */
  configure: { params: { profile: ProfileName; context?: string }; result: ContextStatus };
  validate: { params: { doc: DocumentSnapshot }; result: Diagnostic[] };
  complete: { params: { doc: DocumentSnapshot; position: Position }; result: CompletionList };
  hover: { params: { doc: DocumentSnapshot; position: Position }; result: Hover | null };
  signatureHelp: { params: { doc: DocumentSnapshot; position: Position }; result: SignatureHelp | null };
  semanticTokens: { params: { doc: DocumentSnapshot }; result: SemanticTokens };
  codeActions: { params: { doc: DocumentSnapshot; range: Range; context: CodeActionContext }; result: CodeAction[] };
  format: { params: { doc: DocumentSnapshot; options: FormattingOptions }; result: TextEdit[] };
  /** Compiles and evaluates an expression against the configured context. */
  evaluate: { params: { expression: string; profile: ProfileName; now: string }; result: EvaluationResult };
  /** Loads a rule set and verifies the configured context against it. */
  verify: { params: { rules: string; now: string }; result: RuleSetOutcome };
}

/** A method name. */
export type Method = keyof Methods;

/** A request from the page. */
export type Request = { [M in Method]: { readonly id: number; readonly method: M; readonly params: Methods[M]['params'] } }[Method];

/** A message from the worker. */
export type Reply =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: string }
  /** Sent when an evaluation or verification begins. */
  | { readonly id: number; readonly started: true };

/** The methods that run user expressions, under the page's time limit. */
export const TIMED_METHODS: ReadonlySet<Method> = new Set<Method>(['evaluate', 'verify']);
