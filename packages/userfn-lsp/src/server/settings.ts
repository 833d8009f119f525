/**
 * Reads the `userfn` settings (initializationOptions and the workspace
 * section) into the service's configuration. `contextSchema` and
 * `sampleContext` may be objects or file paths: the server reads the files
 * (JSON, or YAML by extension) through the host's `readFile`, so this module
 * stays free of Node APIs; the service only ever sees objects.
 */
import type { HostFunctions } from '@userfn/core';
import { parse as parseYaml } from 'yaml';
import type { LanguageServiceConfig } from '../service/index.js';

/** Reads a settings file; absent in hosts without a file system (a path is then reported, not read). */
export type ReadFile = (path: string) => string;

/** The settings as a client sends them (every field optional, any shape tolerated). */
export interface UserFnSettings {
  readonly profile?: unknown;
  readonly contextSchema?: unknown;
  readonly sampleContext?: unknown;
  readonly functions?: unknown;
  readonly maxDocumentLength?: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** A file: URI's path, or the path as given. */
export function uriToPath(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  const path = decodeURIComponent(uri.slice('file://'.length).replace(/^localhost/, ''));
  return /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path;
}

function readStructured(path: string, root: string | undefined, readFile: ReadFile | undefined, what: string, problems: string[]): unknown {
  if (!readFile) {
    problems.push(`${what}: '${path}' is a file path, and this host cannot read files`);
    return undefined;
  }
  const full = isAbsolute(path) || root === undefined ? path : `${root.replace(/[\\/]+$/, '')}/${path}`;
  try {
    const text = readFile(full);
    return /\.ya?ml$/i.test(full) ? (parseYaml(text) as unknown) : (JSON.parse(text) as unknown);
  } catch (e) {
    problems.push(`${what}: cannot read '${full}': ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

/**
 * Host functions declared in settings have no implementation (the editor
 * never evaluates): each gets a stub, so the checker knows their signatures.
 */
function declaredFunctions(v: unknown, problems: string[]): HostFunctions | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) {
    problems.push('functions must be an object: { "name": { "signatures": [...], "doc": "..." } }');
    return undefined;
  }
  const out: Record<string, HostFunctions[string]> = {};
  for (const [name, decl] of Object.entries(v)) {
    const d = isObject(decl) ? decl : {};
    out[name] = { ...(d as object), impl: () => null } as HostFunctions[string];
  }
  return out;
}

/** The service configuration for these settings, and the problems found (one sentence each). */
export function toServiceConfig(
  settings: unknown,
  context: { readonly root: string | undefined; readonly readFile: ReadFile | undefined },
): { config: LanguageServiceConfig; problems: string[] } {
  const problems: string[] = [];
  const s: UserFnSettings = isObject(settings) ? settings : {};
  const config: { -readonly [K in keyof LanguageServiceConfig]: LanguageServiceConfig[K] } = {};
  if (typeof s.profile === 'string' && s.profile !== '') config.profile = s.profile;
  else if (s.profile !== undefined && s.profile !== null && s.profile !== '') problems.push('profile must be a string');

  const schema =
    typeof s.contextSchema === 'string' && s.contextSchema !== ''
      ? readStructured(s.contextSchema, context.root, context.readFile, 'contextSchema', problems)
      : s.contextSchema;
  if (isObject(schema)) config.contextSchema = schema;
  else if (schema !== undefined && schema !== null && schema !== '')
    problems.push('contextSchema must be a JSON Schema object or the path of a file holding one');

  const sample =
    typeof s.sampleContext === 'string' && s.sampleContext !== ''
      ? readStructured(s.sampleContext, context.root, context.readFile, 'sampleContext', problems)
      : s.sampleContext;
  if (sample !== undefined && sample !== null && sample !== '') config.sampleContext = sample;

  const functions = declaredFunctions(s.functions, problems);
  if (functions) config.functions = functions;
  if (typeof s.maxDocumentLength === 'number' && s.maxDocumentLength > 0) config.maxDocumentLength = s.maxDocumentLength;
  return { config, problems };
}
