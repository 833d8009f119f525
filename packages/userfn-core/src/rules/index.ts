/** Rule sets (verification contracts): load and validate them, verify contexts against them, read their files for tools. */
export { loadRuleSet } from './load.js';
export { readRuleSetDocument } from './document.js';
export type { ScalarStyle } from './located.js';
export type { OffsetMap } from './offset-map.js';
export { rereadJsonString } from './scalar-map.js';
export { verify } from './verify.js';
export { RuleSetError, formatRuleSetProblem } from './rule-set-error.js';
export { RuleSetCodes, type RuleSetCode } from './codes.js';
export { RULE_SET_FIELDS, RULE_FIELDS, RULE_SEVERITIES } from './validate.js';
export type {
  FilePosition,
  LoadRuleSetOptions,
  ReadRuleSetDocumentOptions,
  Rule,
  RuleDefinition,
  RuleResult,
  RuleSet,
  RuleSetCondition,
  RuleSetDefinition,
  RuleSetDocument,
  RuleSetFileProblem,
  RuleSetProblem,
  RuleSetProfile,
  RuleSeverity,
  Verification,
  VerifyOptions,
} from './types.js';
