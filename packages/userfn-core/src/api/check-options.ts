import type { Node } from '../common/ast/nodes.js';
import { functionTable } from '../runtime/builtins/host.js';
import { checkAst, type Checked, type CheckerOptions } from '../language/checker/checker.js';
import { isProfileName, PROFILES } from '../common/profiles/profiles.js';
import type { CompileOptions } from './options.js';
import { OptionError } from '../common/diagnostics/option-error.js';

/*
 * The checker's side of the compile options, apart from the parser: batch
 * worker threads check the main thread's syntax trees with it and load no
 * parser at all.
 */

/** The checker's options for compiling `source`: the profile, its context schema or the host's, the builtins and host functions. Throws an OptionError for malformed options. */
export function checkerOptionsFor(source: string, options: CompileOptions): CheckerOptions {
  const profile = options.profile ?? 'verification';
  if (!isProfileName(profile)) throw new OptionError(`unknown profile '${String(profile)}' (use verification, transition, reranker or any)`);
  const schema = options.contextSchema ?? PROFILES[profile].schema;
  if (schema !== undefined && (schema === null || typeof schema !== 'object' || Array.isArray(schema)))
    throw new OptionError('contextSchema must be a JSON Schema object');
  return { source, profile, schema, functions: functionTable(options.functions) };
}

/**
 * Checks a tree that a parser built from `source` (on another thread: a batch
 * worker gets the main thread's trees and loads no parser) exactly as
 * analyze() checks the tree it parses, for the same options. The tree passed
 * analyze() there: errors here are a bug, and throw.
 */
export function checkParsed(source: string, ast: Node, options: CompileOptions = {}): Checked {
  const checked = checkAst(ast, checkerOptionsFor(source, options));
  const error = checked.diagnostics.find((d) => d.severity === 'error');
  if (error) throw new Error(`'${source}' does not check again: ${error.message}`);
  return checked;
}
