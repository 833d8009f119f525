/** Rule sets (verification contracts): load and validate them, verify contexts against them. */
export { loadRuleSet } from './load.js';
export { verify } from './verify.js';
export { RuleSetError, formatRuleSetProblem } from './rule-set-error.js';
export { RuleSetCodes, type RuleSetCode } from './codes.js';
export { RULE_SET_FIELDS, RULE_FIELDS, RULE_SEVERITIES } from './validate.js';
export type {
  FilePosition,
  LoadRuleSetOptions,
  Rule,
  RuleDefinition,
  RuleResult,
  RuleSet,
  RuleSetDefinition,
  RuleSetProblem,
  RuleSetProfile,
  RuleSeverity,
  Verification,
  VerifyOptions,
} from './types.js';
