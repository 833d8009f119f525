/**
 * What a literal path argument reads: for `get`/`has` the context (its schema
 * and the configured sample); for `json_get` the value of its first argument,
 * when that is itself a literal `get` path (its schema and sample value, a
 * JSON string being parsed) or a JSON string literal.
 */
import { tryCompilePath, walk, type JsonSchema } from '@userfn/core';
import type { ResolvedConfig } from '../config.js';
import type { EmbeddedSource } from '../model.js';
import type { EnclosingCall } from './cursor-context.js';
import type { Call } from './node-at.js';
import { schemaAt, valuesAt } from './schema-walk.js';

/** Which argument of which builtin is a JSONPath. */
export const PATH_ARGUMENT: Readonly<Record<string, number>> = { get: 0, has: 0, json_get: 1 };

/** The document a path is resolved against. */
export interface PathRoot {
  readonly schema: JsonSchema | undefined;
  /** Sample documents (empty when none is configured or known). */
  readonly samples: readonly unknown[];
}

/** Is this call argument a JSONPath? */
export function isPathArgument(call: EnclosingCall | undefined): call is EnclosingCall {
  return call !== undefined && PATH_ARGUMENT[call.name] === call.argIndex;
}

function parsedJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}

/** The root a path argument of `call` is read against. */
export function pathRoot(call: EnclosingCall, source: EmbeddedSource, config: ResolvedConfig): PathRoot {
  const contextSchema = config.schemaFor(source.profile);
  const contextSamples = config.hasSample ? [config.sample] : [];
  if (call.name !== 'json_get') return { schema: contextSchema, samples: contextSamples };
  const ast = source.analysis.ast;
  let node: Call | undefined;
  if (ast) {
    walk(ast, (n) => {
      if (n.kind === 'call' && n.nameSpan.start === call.nameSpan.start) node = n;
    });
  }
  const value = node?.args[0];
  if (value?.kind === 'string') {
    const parsed = parsedJson(value.value);
    return { schema: undefined, samples: parsed === undefined ? [] : [parsed] };
  }
  if (value?.kind === 'call' && value.name === 'get' && value.args[0]?.kind === 'string') {
    const compiled = tryCompilePath(value.args[0].value);
    if (!compiled.ok || !compiled.path.singular) return { schema: undefined, samples: [] };
    const at = schemaAt(contextSchema, compiled.path.segments);
    const samples = valuesAt(contextSamples, compiled.path)
      .map(parsedJson)
      .filter((v) => v !== undefined);
    // a string here is raw JSON text (a tool output): its schema says nothing about the parsed document
    return { schema: at.schema?.type === 'string' ? undefined : at.schema, samples };
  }
  return { schema: undefined, samples: [] };
}
