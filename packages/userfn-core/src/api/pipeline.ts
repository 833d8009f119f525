import type { Node } from '../common/ast/nodes.js';
import { checkAst, type Checked } from '../language/checker/checker.js';
import { Codes } from '../common/diagnostics/codes.js';
import { diagnostic, sortDiagnostics, type Diagnostic } from '../common/diagnostics/diagnostic.js';
import { resolveLimits, type Limits } from '../common/limits.js';
import type { ProfileName } from '../common/profiles/profiles.js';
import { parseText } from '../language/syntax/index.js';
import { checkEvaluationDepth } from '../language/syntax/limits-guard.js';
import { checkerOptionsFor } from './check-options.js';
import type { CompileOptions } from './options.js';

/** The most diagnostics one analysis reports. */
export const MAX_DIAGNOSTICS = 1000;

/** Everything parsing and checking a source produced (the package's own view; users get `Analysis`). */
export interface PipelineResult {
  readonly source: string;
  readonly profile: ProfileName;
  readonly limits: Limits;
  readonly ast: Node | null;
  /** Present when the source parsed without errors: what compile() compiles. */
  readonly checked: Checked | undefined;
  /** The checker's side tables for whatever tree the parser built, even with syntax errors (for editors: hover types). */
  readonly recovered: Checked | undefined;
  /** Every diagnostic, syntax and type, sorted. */
  readonly diagnostics: Diagnostic[];
}

/**
 * Parses and checks: the first half of the pipeline, shared by check(),
 * compile() and the language service. Throws a plain Error only for malformed
 * options (the callers turn it into a UserFnError or a diagnostic).
 */
export function analyzeSource(source: string, options: CompileOptions = {}): PipelineResult {
  const checkerOptions = checkerOptionsFor(source, options);
  const { profile } = checkerOptions;
  const limits = resolveLimits(options.limits);
  const parsed = parseText(source, limits);
  const syntaxErrors = parsed.diagnostics.some((d) => d.severity === 'error');
  let checked: Checked | undefined;
  let recovered: Checked | undefined;
  let diagnostics: Diagnostic[] = parsed.diagnostics;
  // The checker and everything after it recurse per level: a tree deeper than they can take is refused here.
  const tooDeep = parsed.ast ? checkEvaluationDepth(parsed.ast, limits) : undefined;
  if (tooDeep) diagnostics = [...diagnostics, tooDeep];
  else if (parsed.ast) {
    // A tree with syntax errors is still checked, so editors see type errors
    // in the parts that parsed; it is never compiled.
    try {
      recovered = checkAst(parsed.ast, checkerOptions, parsed.nodeCount);
    } catch (e) {
      // Only a stack overflow from a host's very deep caller can get here: still a diagnostic, never a throw.
      if (!(e instanceof RangeError && /call stack/i.test(e.message))) throw e;
      diagnostics = [...diagnostics, diagnostic(Codes.NestingTooDeep, 'the expression is nested too deeply to check here', parsed.ast.span)];
    }
    if (recovered) {
      if (recovered.diagnostics.length > 0) diagnostics = [...diagnostics, ...recovered.diagnostics];
      if (!syntaxErrors) checked = recovered;
    }
  }
  // Hostile input (100 KB of junk) can make a diagnostic per token: keep the first ones, which locate the problem.
  // (a source without mistakes, the common case, has nothing to sort)
  const sorted = diagnostics.length <= 1 ? diagnostics : sortDiagnostics(diagnostics);
  return {
    source,
    profile,
    limits,
    ast: parsed.ast,
    checked,
    recovered,
    diagnostics: sorted.length > MAX_DIAGNOSTICS ? sorted.slice(0, MAX_DIAGNOSTICS) : sorted,
  };
}
