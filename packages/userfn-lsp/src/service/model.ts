/**
 * The parsed model of one document version: the UserFn sources it holds (the
 * whole file, or each rule's condition) with their offset maps and analyses,
 * and the problems of the file itself. Built once per version (see ModelCache).
 */
import {
  analyze,
  DEFAULT_LIMITS,
  readRuleSetDocument,
  tokenize,
  type Analysis,
  type LexToken,
  type ProfileName,
  type RuleSetCondition,
  type RuleSetFileProblem,
  type RuleSetJudgeObject,
} from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisCache } from './analysis-cache.js';
import type { ResolvedConfig } from './config.js';
import { documentKind, type DocumentKind } from './document-kind.js';
import { embeddedText, type EmbeddedText } from './rulesets/embedded-text.js';
import { IdentityMap, ShiftedMap, type SourceMap } from './source-map.js';

/** A problem of the document itself (a rule-set file's syntax or structure, the size limit), in document offsets. */
export interface FileProblem {
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly hint?: string;
  /** The likely intended text of [start, end) (a misspelt field name, profile or severity), for a quick fix. */
  readonly replacement?: string;
}

/** One UserFn source inside a document. */
export interface EmbeddedSource {
  /** The UserFn text (decoded from its JSON/YAML literal for rule sets). */
  readonly source: string;
  readonly map: SourceMap;
  /** Document range of the whole literal (the whole document for `.userfn`). */
  readonly start: number;
  readonly end: number;
  readonly ruleId: string | undefined;
  readonly profile: ProfileName;
  /** The host literal, for rule sets; absent for a `.userfn` document. */
  readonly literal: EmbeddedText | undefined;
  /** The condition as the core read it from the rule-set file (its span, style and map); absent for a `.userfn` document. */
  readonly origin: RuleSetCondition | undefined;
  /** Parsed and checked on first use. */
  readonly analysis: Analysis;
  /** Every token, comments included; computed on first use. */
  readonly tokens: readonly LexToken[];
}

/** The model of one document version. */
export interface DocumentModel {
  readonly uri: string;
  readonly version: number;
  /** The text the model was built from (a cache hit needs the same version and text). */
  readonly text: string;
  readonly kind: DocumentKind;
  readonly sources: readonly EmbeddedSource[];
  /** Syntax and structure problems of a rule-set file, and the size limit. */
  readonly problems: readonly FileProblem[];
  /** Over the size limit: nothing else was analysed. */
  readonly tooLarge: boolean;
  /** A rule-set file's `judge` objects, where they stand and the fields they have (for field completion). */
  readonly judges: readonly RuleSetJudgeObject[];
}

/**
 * With a sample context the service knows more than the schema: a `get()`
 * path that reads through a string of the sample (a tool output that is JSON
 * text) gets warning UF2106, whose hint names the `json_get` form.
 */
function withSample(analysis: Analysis, config: ResolvedConfig): Analysis {
  if (!config.hasSample) return analysis;
  // the schema may already say so (a declared string): one warning per place
  const known = new Set(analysis.diagnostics.map((d) => `${d.code}:${d.span.start}:${d.span.end}`));
  const extra = analysis.stringReadWarnings(config.sample).filter((d) => !known.has(`${d.code}:${d.span.start}:${d.span.end}`));
  if (extra.length === 0) return analysis;
  const diagnostics = [...analysis.diagnostics, ...extra].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  return { ...analysis, diagnostics };
}

/** What building a model needs besides the document: the configuration and the analyses already made under it. */
export interface ModelSettings {
  readonly config: ResolvedConfig;
  readonly analyses: AnalysisCache;
}

/**
 * One source of a document: a `.userfn` document's whole text, or a rule's
 * condition as the core read it from the rule-set file `text` (`origin`).
 * Analysis, tokens and the literal's writer are made on first use; an
 * analysis is shared with every source of the same profile and text (the
 * settings' cache), and a source moved by an edit above it keeps what it had.
 */
class Source implements EmbeddedSource {
  readonly start: number;
  readonly end: number;
  private analysisMemo: Analysis | undefined;
  private tokensMemo: readonly LexToken[] | undefined;
  private literalMemo: EmbeddedText | undefined;

  constructor(
    private readonly settings: ModelSettings,
    private readonly text: string,
    readonly profile: ProfileName,
    readonly source: string,
    readonly map: SourceMap,
    range: { start: number; end: number },
    readonly origin: RuleSetCondition | undefined,
  ) {
    this.start = range.start;
    this.end = range.end;
  }

  get ruleId(): string | undefined {
    return this.origin?.ruleId;
  }

  get literal(): EmbeddedText | undefined {
    if (this.origin === undefined) return undefined;
    this.literalMemo ??= embeddedText(this.text, this.origin);
    return this.literalMemo;
  }

  get analysis(): Analysis {
    const { config, analyses } = this.settings;
    this.analysisMemo ??= analyses.get(this.profile, this.source, () =>
      withSample(
        analyze(this.source, {
          profile: this.profile,
          contextSchema: config.schemaFor(this.profile),
          ...(config.functions ? { functions: config.functions } : {}),
        }),
        config,
      ),
    );
    return this.analysisMemo;
  }

  get tokens(): readonly LexToken[] {
    // a source over the core's length limit is refused by the parser: no point lexing megabytes for colours
    this.tokensMemo ??= this.source.length > DEFAULT_LIMITS.maxSourceLength ? [] : tokenize(this.source);
    return this.tokensMemo;
  }

  /** The same condition `delta` further in the edited file `text`, with the analysis and tokens made so far. */
  moved(text: string, delta: number): Source {
    const map = ShiftedMap.of(this.map, delta);
    const range = { start: this.start + delta, end: this.end + delta };
    const origin = this.origin && { ...this.origin, span: range, map };
    const next = new Source(this.settings, text, this.profile, this.source, map, range, origin);
    next.analysisMemo = this.analysisMemo;
    next.tokensMemo = this.tokensMemo;
    return next;
  }
}

/** A source of a document (see Source). */
export function embedded(
  settings: ModelSettings,
  text: string,
  profile: ProfileName,
  source: string,
  map: SourceMap,
  range: { start: number; end: number },
  origin?: RuleSetCondition,
): EmbeddedSource {
  return new Source(settings, text, profile, source, map, range, origin);
}

/** `s` moved by `delta` in the edited file `text` (a source this module made). */
export function movedSource(s: EmbeddedSource, text: string, delta: number): EmbeddedSource {
  if (!(s instanceof Source)) throw new TypeError('a source of another model');
  return s.moved(text, delta);
}

/** Builds the model of a document. */
export function buildModel(document: TextDocument, settings: ModelSettings): DocumentModel {
  const { config } = settings;
  const text = document.getText();
  const kind = documentKind(document.uri, document.languageId);
  const base = { uri: document.uri, version: document.version, text, kind };
  if (kind === 'other') return { ...base, sources: [], problems: [], tooLarge: false, judges: [] };
  if (text.length > config.maxDocumentLength) {
    const problem: FileProblem = {
      start: 0,
      end: 0,
      code: 'limit/document-too-large',
      severity: 'error',
      message: `document too large to analyse: ${text.length} characters (limit ${config.maxDocumentLength})`,
    };
    return { ...base, sources: [], problems: [problem], tooLarge: true, judges: [] };
  }
  if (kind === 'expression') {
    const source = embedded(settings, text, config.profile, text, new IdentityMap(text.length), { start: 0, end: text.length });
    return { ...base, sources: [source], problems: [], tooLarge: false, judges: [] };
  }
  // the core's reading of the file, so the editor and the loader agree on every condition and problem
  const rules = readRuleSetDocument(text, { format: kind === 'rules-json' ? 'json' : 'yaml' });
  const sources = rules.conditions.map((c) => embedded(settings, text, rules.profile, c.condition, c.map, c.span, c));
  return { ...base, sources, problems: rules.problems.map((p) => fileProblem(text, p)), tooLarge: false, judges: rules.judges };
}

/** A rule-set problem in the model's shape: the rule named in the message, and a suggestion on one line as a replacement. */
function fileProblem(text: string, p: RuleSetFileProblem): FileProblem {
  const oneLine = !/[\r\n]/.test(text.slice(p.span.start, p.span.end));
  return {
    start: p.span.start,
    end: p.span.end,
    code: p.code,
    severity: p.severity,
    message: p.ruleId !== undefined ? `rule '${p.ruleId}': ${p.message}` : p.message,
    ...(p.hint !== undefined ? { hint: p.hint } : {}),
    ...(p.suggestion !== undefined && oneLine ? { replacement: p.suggestion } : {}),
  };
}

/** The embedded source whose literal holds document offset `offset`, with the source offset there. */
export function sourceAt(model: DocumentModel, offset: number): { source: EmbeddedSource; offset: number } | undefined {
  for (const s of model.sources) {
    if (offset < s.start || offset > s.end) continue;
    const o = s.map.toSource(offset);
    if (o !== undefined) return { source: s, offset: o };
  }
  return undefined;
}
