/**
 * The language service's configuration, and what it resolves to. The service
 * takes objects only: the server reads files named in the settings.
 */
import { functionTable, isProfileName, PROFILE_NAMES, PROFILES, type HostFunctions, type JsonSchema, type ProfileName } from '@userfn/core';
import { extendWithSample } from './sample-schema.js';

/** What a host configures (all optional). */
export interface LanguageServiceConfig {
  /** verification (default), transition, reranker or any. A rule set's own `profile` field wins for its conditions. */
  readonly profile?: string;
  /** A context JSON Schema; replaces the profile's built-in schema. */
  readonly contextSchema?: JsonSchema;
  /** A sample context: its members add to the schema for completion, hover and checking, with their values. */
  readonly sampleContext?: unknown;
  /** The host's own functions, declared with signatures (their impl is never called by the service). */
  readonly functions?: HostFunctions;
  /** Documents longer than this (UTF-16 units) get one limit diagnostic and no other analysis. Default 2,000,000. */
  readonly maxDocumentLength?: number;
  /** Offer snippet insert texts (function arguments as placeholders). Default true. */
  readonly snippets?: boolean;
  /** Offer markdown documentation. Default true. */
  readonly markdown?: boolean;
  /** Called when a feature failed internally (the feature then returns an empty result). */
  readonly onError?: (feature: string, error: unknown) => void;
}

/** The configuration, validated and with its defaults applied. */
export interface ResolvedConfig {
  readonly profile: ProfileName;
  readonly sample: unknown;
  readonly hasSample: boolean;
  readonly functions: HostFunctions | undefined;
  readonly maxDocumentLength: number;
  readonly snippets: boolean;
  readonly markdown: boolean;
  readonly onError: (feature: string, error: unknown) => void;
  /** Problems found in the configuration, one sentence each. */
  readonly problems: readonly string[];
  /** The schema for a profile: the configured one or the profile's, extended with the sample. */
  schemaFor(profile: ProfileName): JsonSchema | undefined;
}

/** Two million UTF-16 units: far above any real rule set, far below what would stall an editor. */
export const DEFAULT_MAX_DOCUMENT_LENGTH = 2_000_000;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Validates a configuration; invalid parts fall back to their defaults and are listed in `problems`. */
export function resolveConfig(config: LanguageServiceConfig = {}): ResolvedConfig {
  const problems: string[] = [];
  let profile: ProfileName = 'verification';
  if (config.profile !== undefined) {
    if (isProfileName(config.profile)) profile = config.profile;
    else problems.push(`unknown profile '${String(config.profile)}' (use ${PROFILE_NAMES.join(', ')}); using verification`);
  }
  let contextSchema: JsonSchema | undefined;
  if (config.contextSchema !== undefined && config.contextSchema !== null) {
    if (isObject(config.contextSchema)) contextSchema = config.contextSchema;
    else problems.push('contextSchema must be a JSON Schema object; using the profile schema');
  }
  let functions: HostFunctions | undefined;
  if (config.functions !== undefined) {
    if (!isObject(config.functions)) problems.push('functions must be an object of function declarations');
    else {
      try {
        functionTable(config.functions); // validates every declaration once, here
        functions = config.functions;
      } catch (e) {
        problems.push(`functions: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  const hasSample = config.sampleContext !== undefined;
  const cache = new Map<ProfileName, JsonSchema | undefined>();
  const schemaFor = (p: ProfileName): JsonSchema | undefined => {
    if (!cache.has(p)) {
      const base = contextSchema ?? PROFILES[p].schema;
      cache.set(p, hasSample ? extendWithSample(base, config.sampleContext) : base);
    }
    return cache.get(p);
  };
  const max = config.maxDocumentLength;
  return {
    profile,
    sample: config.sampleContext,
    hasSample,
    functions,
    maxDocumentLength: typeof max === 'number' && max > 0 ? max : DEFAULT_MAX_DOCUMENT_LENGTH,
    snippets: config.snippets ?? true,
    markdown: config.markdown ?? true,
    onError: config.onError ?? (() => undefined),
    problems,
    schemaFor,
  };
}
