import { compile } from '../api/api.js';
import type { Compiled } from '../api/compiled.js';
import type { CompileOptions } from '../api/options.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { LineIndex } from '../diagnostics/line-index.js';
import { UserFnError } from '../diagnostics/user-fn-error.js';
import { RuleSetCodes } from './codes.js';
import { parseJsonLocated } from './json-located.js';
import { locatePlain, type Located, type LocatedScalar } from './located.js';
import { RuleSetError } from './rule-set-error.js';
import { scalarOffsets } from './scalar-offsets.js';
import type { LoadRuleSetOptions, Rule, RuleSet, RuleSetDefinition, RuleSetProblem } from './types.js';
import { validateRuleSet, type Locate } from './validate.js';
import { parseYamlLocated } from './yaml-located.js';

/** JSON for a .json file, YAML for .yaml/.yml; otherwise JSON when the text starts with `{`. */
function formatOf(text: string, options: LoadRuleSetOptions): 'json' | 'yaml' {
  if (options.format) return options.format;
  const name = options.fileName?.toLowerCase() ?? '';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'yaml';
  return /^\uFEFF?\s*\{/.test(text) ? 'json' : 'yaml';
}

/** Parses the text into the located tree, or throws a RuleSetError with every syntax error. */
function parseText(text: string, options: LoadRuleSetOptions, locate: (offset: number) => RuleSetProblem['file']): Located {
  const format = formatOf(text, options);
  const parsed = format === 'json' ? parseJsonLocated(text) : parseYamlLocated(text);
  if ('value' in parsed) return parsed.value;
  const errors = 'error' in parsed ? [parsed.error] : parsed.errors;
  const what = format === 'json' ? 'JSON' : 'YAML';
  throw new RuleSetError(
    errors.map((e) => ({ message: `invalid ${what}: ${e.message}`, code: RuleSetCodes.InvalidDocument, file: locate(e.offset)! })),
    options.fileName,
  );
}

/**
 * Loads a rule set from JSON or YAML text (or an object already parsed),
 * validates everything and compiles every condition once. Throws one
 * RuleSetError listing every problem (with rule ids and, for text, file
 * positions) when anything is wrong.
 */
export function loadRuleSet(input: string | object, options: LoadRuleSetOptions = {}): RuleSet {
  let root: Located;
  let locate: Locate = () => undefined;
  let fileLines: LineIndex | undefined;
  if (typeof input === 'string') {
    const lines = (fileLines = new LineIndex(input));
    const at = (offset: number) => {
      const p = lines.position(offset);
      return { line: p.line + 1, column: p.character + 1 };
    };
    locate = (span) => (span ? at(span.start) : undefined);
    root = parseText(input, options, at);
  } else {
    root = locatePlain(input);
  }

  const validated = validateRuleSet(root, locate);
  const problems: RuleSetProblem[] = [...validated.problems];
  const warnings: RuleSetProblem[] = [];
  const compileOptions: CompileOptions = {
    profile: validated.profile,
    ...(options.contextSchema !== undefined ? { contextSchema: options.contextSchema } : {}),
    ...(options.functions !== undefined ? { functions: options.functions } : {}),
  };
  const rules: Rule[] = [];
  for (const { definition, conditionNode } of validated.drafts) {
    const toProblem = (d: Pick<Diagnostic, 'code' | 'message' | 'span' | 'hint'>): RuleSetProblem =>
      conditionProblem(definition.id, definition.condition, d, fileLines, conditionNode);
    let compiled: Compiled;
    try {
      compiled = compile(definition.condition, compileOptions);
    } catch (e) {
      if (!(e instanceof UserFnError)) throw e;
      const errors = e.diagnostics.filter((d) => d.severity === 'error');
      problems.push(...(errors.length > 0 ? errors.map(toProblem) : [toProblem(e)]));
      continue;
    }
    warnings.push(...compiled.diagnostics.map(toProblem));
    rules.push(Object.freeze({ ...definition, compiled }));
  }
  if (problems.length > 0) throw new RuleSetError(sortProblems(problems), options.fileName);

  const definition: RuleSetDefinition = {
    profile: validated.profile,
    ...(validated.name !== undefined ? { name: validated.name } : {}),
    ...(validated.description !== undefined ? { description: validated.description } : {}),
    rules: validated.drafts.map((d) => d.definition),
  };
  return Object.freeze({
    profile: validated.profile,
    rules: Object.freeze(rules),
    totalWeight: rules.reduce((sum, r) => sum + r.weight, 0),
    definition,
    portable: options.contextSchema === undefined && options.functions === undefined,
    warnings: Object.freeze(sortProblems(warnings)),
  });
}

/** A diagnostic of a condition as a problem: its span in the condition and, for text, its place in the file. */
function conditionProblem(
  ruleId: string,
  condition: string,
  d: Pick<Diagnostic, 'code' | 'message' | 'span' | 'hint'>,
  fileLines: LineIndex | undefined,
  node: LocatedScalar,
): RuleSetProblem {
  const span = new LineIndex(condition).locate(d.span);
  let file: RuleSetProblem['file'];
  if (fileLines && node.span && node.style) {
    const offset = scalarOffsets(fileLines.text, node.span, node.style, condition)[Math.min(span.start, condition.length)]!;
    const p = fileLines.position(offset);
    file = { line: p.line + 1, column: p.character + 1 };
  }
  return { ruleId, message: d.message, code: d.code, span, ...(file ? { file } : {}), ...(d.hint !== undefined ? { hint: d.hint } : {}) };
}

/** Problems in file order (those without a position keep their order, after the rest). */
function sortProblems(ps: RuleSetProblem[]): RuleSetProblem[] {
  return ps
    .map((p, i) => ({ p, i }))
    .sort((a, b) => {
      const fa = a.p.file;
      const fb = b.p.file;
      if (fa && fb) return fa.line - fb.line || fa.column - fb.column || a.i - b.i;
      if (fa) return -1;
      if (fb) return 1;
      return a.i - b.i;
    })
    .map((x) => x.p);
}
