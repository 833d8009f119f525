/**
 * The page's whole state: what a share link, the query parameters and the
 * saved state carry. Plain strings only, so it survives JSON, URLs and
 * localStorage unchanged; parsing the context is the worker's job.
 */
import type { ProfileName } from '@userfn/core';
import { defaultExpression, defaultRuleSet, sampleContextText } from '../examples/contexts.js';

/** The two modes of the page: one expression, or a rule set. */
export type Mode = 'expression' | 'rules';

/** Everything needed to reproduce the page. */
export interface PlaygroundState {
  readonly mode: Mode;
  readonly profile: ProfileName;
  readonly expression: string;
  /** The context as typed (JSON text, possibly invalid). */
  readonly context: string;
  /** The rule set as typed (JSON or YAML text). */
  readonly rules: string;
  /** The clock: '' for the real one, else an ISO 8601 date-time that fixes `now()`. */
  readonly now: string;
}

/** The profiles, in the order the selector lists them (the core's PROFILE_NAMES; a test keeps them equal). */
export const PROFILES: readonly ProfileName[] = ['verification', 'transition', 'reranker', 'any'];

/** True for one of the four profile names. */
export function isProfile(v: unknown): v is ProfileName {
  return typeof v === 'string' && (PROFILES as readonly string[]).includes(v);
}

/** The state a fresh page starts with for a profile: its example expression and context. */
export function defaultState(profile: ProfileName = 'verification'): PlaygroundState {
  return { mode: 'expression', profile, expression: defaultExpression(profile), context: sampleContextText(profile), rules: defaultRuleSet(), now: '' };
}

/** The fields a source (link, query, saved state) may give; the rest come from the defaults of its profile. */
export type PartialState = { -readonly [K in keyof PlaygroundState]?: PlaygroundState[K] };

/**
 * Completes a partial state from the defaults of its profile. A source is
 * taken as a whole: a link that names only a reranker expression gets the
 * reranker example context, not whatever the last session left behind.
 */
export function completeState(partial: PartialState): PlaygroundState {
  return { ...defaultState(partial.profile ?? 'verification'), ...partial };
}

/** Reads a state from untrusted JSON (a decoded link, localStorage): keeps only well-typed fields. */
export function readPartialState(raw: unknown): PartialState | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const out: PartialState = {};
  if (o.mode === 'expression' || o.mode === 'rules') out.mode = o.mode;
  if (isProfile(o.profile)) out.profile = o.profile;
  for (const key of ['expression', 'context', 'rules', 'now'] as const) {
    const v = o[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out;
}

/** True when two states show the same page. */
export function sameState(a: PlaygroundState, b: PlaygroundState): boolean {
  return a.mode === b.mode && a.profile === b.profile && a.expression === b.expression && a.context === b.context && a.rules === b.rules && a.now === b.now;
}
