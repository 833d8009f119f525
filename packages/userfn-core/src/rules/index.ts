/** Rule sets (verification contracts): load and validate them, verify contexts against them, read their files for tools. */
export { loadRuleSet } from './load.js';
export { readRuleSetDocument } from './document.js';
export type { ScalarStyle } from './located.js';
export type { OffsetMap } from './offset-map.js';
export { rereadJsonString } from './scalar-map.js';
export { verify, verifyAsync, type VerifyAsyncOptions } from './verify.js';
export { JudgeCallError, JudgeAbortError, type JudgeBackend, type JudgeRequest, type JudgeAnswer, type JudgeMessage } from './judge-request.js';
export { renderJudgeRequest, encodeData, DATA_OPEN, DATA_CLOSE, MAX_JUDGED_CHARS } from './judge-render.js';
export { parseJudgeReply, type ParsedReply, type SampleVerdict } from './judge-reply.js';
export { JUDGE_FIELDS, JUDGE_PARTS, MAX_JUDGE_SAMPLES } from './judge-validate.js';
export { ruleSetVersion, canonicalJson } from './fingerprint.js';
export { escapeForStyle, requoteScalar, type ScalarEdit } from './requote.js';
export { formatRuleSetText, type FormattedRuleSet, type FormatProblem } from './format-rule-set.js';
export { readCasesFile, type CasesFile, type CasesProblem, type RuleSetCase, type CaseExpectation, type CaseFormat, type CaseDecision } from './cases.js';
export { runCase, checkCaseIds, type CaseOutcome, type CaseMismatch, type InvolvedRule } from './case-run.js';
export { CoverageRecorder, type CoverageReport, type RuleCoverage, type PointCoverage } from './coverage.js';
export { RuleSetError, formatRuleSetProblem } from './rule-set-error.js';
export { RuleSetCodes, type RuleSetCode } from './codes.js';
export { RULE_SET_FIELDS, RULE_FIELDS, RULE_SEVERITIES } from './validate.js';
export type {
  ConditionRuleDefinition,
  Decision,
  FilePosition,
  JudgeCallRecord,
  JudgeErrorPolicy,
  JudgeRule,
  JudgeRuleDefinition,
  JudgeRuleReport,
  JudgeVerdictInput,
  JudgeSpec,
  OnFail,
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
  RuleSetJudgeObject,
  RuleSetProblem,
  RuleSetProfile,
  RuleSetVersion,
  RuleSeverity,
  Verification,
  VerifyOptions,
} from './types.js';
