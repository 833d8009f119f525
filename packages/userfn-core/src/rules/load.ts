import { compile } from '../api/api.js';
import type { Compiled } from '../api/compiled.js';
import type { CompileOptions } from '../api/options.js';
import type { Diagnostic } from '../common/diagnostics/diagnostic.js';
import { LineIndex } from '../common/diagnostics/line-index.js';
import { UserFnError } from '../common/diagnostics/user-fn-error.js';
import { readRuleSetText } from './document.js';
import { locatePlain } from './located.js';
import { RuleSetError } from './rule-set-error.js';
import { scalarMap } from './scalar-map.js';
import type { FilePosition, JudgeRule, LoadRuleSetOptions, Rule, RuleSet, RuleSetDefinition, RuleSetProblem } from './types.js';
import { validateRuleSet, type Locate, type StringScalar, type Validated } from './validate.js';

/** Where offset `offset` of a condition stands in its rule-set file (for text input). */
type PlaceInFile = (node: StringScalar, offset: number) => FilePosition | undefined;

/**
 * Loads a rule set from JSON or YAML text (or an object already parsed),
 * validates everything and compiles every condition once. Throws one
 * RuleSetError listing every problem (with rule ids and, for text, file
 * positions) when anything is wrong.
 */
export function loadRuleSet(input: string | object, options: LoadRuleSetOptions = {}): RuleSet {
  let validated: Validated;
  let locate: Locate = () => undefined;
  let fileOf: PlaceInFile | undefined;
  if (typeof input === 'string') {
    const read = readRuleSetText(input, options);
    const errors = read.syntax.filter((p) => p.severity === 'error');
    if (errors.length > 0 || !read.validated) {
      throw new RuleSetError(
        errors.map((p) => ({ message: p.message, code: p.code, file: read.position(p.span.start) })),
        options.fileName,
      );
    }
    validated = read.validated;
    locate = (span) => (span ? read.position(span.start) : undefined);
    fileOf = (node, offset) => (node.span ? read.position(scalarMap(input, node.span, node.style, node.value).toDocument(offset)) : undefined);
  } else {
    validated = validateRuleSet(locatePlain(input), locate);
  }

  const problems: RuleSetProblem[] = validated.problems.map((p) => {
    const file = locate(p.span);
    return {
      ...(p.ruleId !== undefined ? { ruleId: p.ruleId } : {}),
      message: p.message,
      code: p.code,
      ...(file ? { file } : {}),
      ...(p.hint ? { hint: p.hint } : {}),
    };
  });
  const warnings: RuleSetProblem[] = [];
  const compileOptions: CompileOptions = {
    profile: validated.profile,
    ...(options.contextSchema !== undefined ? { contextSchema: options.contextSchema } : {}),
    ...(options.functions !== undefined ? { functions: options.functions } : {}),
  };
  // Every string condition is compiled, also those of rules whose other
  // fields are wrong: one load reports every problem of the file.
  const compiledBy = new Map<StringScalar, Compiled>();
  for (const { ruleId, node } of validated.conditions) {
    if (node.value.trim() === '') continue; // reported as RS-empty by the validator
    const toProblem = (d: Pick<Diagnostic, 'code' | 'message' | 'span' | 'hint'>): RuleSetProblem => conditionProblem(ruleId, d, node, fileOf);
    try {
      const compiled = compile(node.value, compileOptions);
      compiledBy.set(node, compiled);
      warnings.push(...compiled.diagnostics.map(toProblem));
    } catch (e) {
      if (!(e instanceof UserFnError)) throw e;
      const errors = e.diagnostics.filter((d) => d.severity === 'error');
      problems.push(...(errors.length > 0 ? errors.map(toProblem) : [toProblem(e)]));
    }
  }
  const rules: Rule[] = [];
  const judges: JudgeRule[] = [];
  validated.drafts.forEach(({ definition, conditionNode }, index) => {
    const compiled = conditionNode && compiledBy.get(conditionNode);
    if ('judge' in definition) {
      if (!conditionNode || compiled) judges.push(Object.freeze({ ...definition, ...(compiled ? { whenCompiled: compiled } : {}), index }));
    } else if (compiled) rules.push(Object.freeze({ ...definition, compiled }));
  });
  if (problems.length > 0) throw new RuleSetError(sortProblems(problems), options.fileName);

  const definition: RuleSetDefinition = {
    profile: validated.profile,
    ...(validated.name !== undefined ? { name: validated.name } : {}),
    ...(validated.description !== undefined ? { description: validated.description } : {}),
    ...(validated.max_retries !== undefined ? { max_retries: validated.max_retries } : {}),
    rules: validated.drafts.map((d) => d.definition),
  };
  return Object.freeze({
    profile: validated.profile,
    rules: Object.freeze(rules),
    judges: Object.freeze(judges),
    totalWeight: validated.drafts.reduce((sum, d) => sum + d.definition.weight, 0),
    definition,
    portable: options.contextSchema === undefined && options.functions === undefined,
    warnings: Object.freeze(sortProblems(warnings)),
  });
}

/** A diagnostic of a condition as a problem: its span in the condition and, for text, its place in the file. */
function conditionProblem(
  ruleId: string | undefined,
  d: Pick<Diagnostic, 'code' | 'message' | 'span' | 'hint'>,
  node: StringScalar,
  fileOf: PlaceInFile | undefined,
): RuleSetProblem {
  const span = new LineIndex(node.value).locate(d.span);
  const file = fileOf?.(node, span.start);
  return {
    ...(ruleId !== undefined ? { ruleId } : {}),
    message: d.message,
    code: d.code,
    span,
    ...(file ? { file } : {}),
    ...(d.hint !== undefined ? { hint: d.hint } : {}),
  };
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
