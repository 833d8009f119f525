/**
 * Stable codes of rule-set problems (tests and tools match on them, never on
 * message text). A condition that does not compile keeps its UserFn code (UF…).
 */
export const RuleSetCodes = {
  /** The text is not valid JSON or YAML. */
  InvalidDocument: 'RS001',
  /** The document, a rule or the rules field has the wrong shape. */
  WrongType: 'RS002',
  UnknownField: 'RS003',
  MissingField: 'RS004',
  DuplicateId: 'RS005',
  EmptyValue: 'RS006',
  InvalidWeight: 'RS007',
  InvalidSeverity: 'RS008',
  UnknownProfile: 'RS009',
  NoRules: 'RS010',
  DuplicateField: 'RS011',
  /** The YAML parser warns about the text (an unresolved tag, …): shown by editors; the rule set still loads. */
  DocumentWarning: 'RS012',
  /** A judge's field has a value it cannot take (a threshold outside 0..1, samples outside 1..9, an unknown include, a bad JSONPath). */
  InvalidJudge: 'RS013',
  /** A rule has both a condition and a judge, or neither, or a `when` without a judge. */
  RuleKind: 'RS014',
  /** A rule's `on_fail` is not retry, abort or warn. */
  InvalidOnFail: 'RS020',
  /** A rule's `on_fail` contradicts its `severity` (warn is a warning; retry and abort are errors). */
  ConflictingOnFail: 'RS021',
  /** The rule set's `max_retries` is not a whole number >= 0. */
  InvalidMaxRetries: 'RS022',
} as const;

export type RuleSetCode = (typeof RuleSetCodes)[keyof typeof RuleSetCodes];
