/**
 * The parsed model of one document version: the UserFn sources it holds (the
 * whole file, or each rule's condition) with their offset maps and analyses,
 * and the problems of the file itself. Built once per version (see ModelCache).
 */
import { analyze, DEFAULT_LIMITS, tokenize, type Analysis, type LexToken, type ProfileName } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ResolvedConfig } from './config.js';
import { documentKind, type DocumentKind } from './document-kind.js';
import { jsonOutline } from './rulesets/json-outline.js';
import type { EmbeddedText, FileProblem } from './rulesets/outline.js';
import { checkStructure } from './rulesets/structure.js';
import { yamlOutline } from './rulesets/yaml-outline.js';
import { IdentityMap, type SourceMap } from './source-map.js';

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
}

function embedded(
  config: ResolvedConfig,
  profile: ProfileName,
  source: string,
  map: SourceMap,
  range: { start: number; end: number },
  ruleId: string | undefined,
  literal: EmbeddedText | undefined,
): EmbeddedSource {
  let analysis: Analysis | undefined;
  let tokens: readonly LexToken[] | undefined;
  return {
    source,
    map,
    start: range.start,
    end: range.end,
    ruleId,
    profile,
    literal,
    get analysis(): Analysis {
      analysis ??= analyze(source, { profile, contextSchema: config.schemaFor(profile), ...(config.functions ? { functions: config.functions } : {}) });
      return analysis;
    },
    get tokens(): readonly LexToken[] {
      // a source over the core's length limit is refused by the parser: no point lexing megabytes for colours
      tokens ??= source.length > DEFAULT_LIMITS.maxSourceLength ? [] : tokenize(source);
      return tokens;
    },
  };
}

/** Builds the model of a document. */
export function buildModel(document: TextDocument, config: ResolvedConfig): DocumentModel {
  const text = document.getText();
  const kind = documentKind(document.uri, document.languageId);
  const base = { uri: document.uri, version: document.version, text, kind };
  if (kind === 'other') return { ...base, sources: [], problems: [], tooLarge: false };
  if (text.length > config.maxDocumentLength) {
    const problem: FileProblem = {
      start: 0,
      end: 0,
      code: 'limit/document-too-large',
      severity: 'error',
      message: `document too large to analyse: ${text.length} characters (limit ${config.maxDocumentLength})`,
    };
    return { ...base, sources: [], problems: [problem], tooLarge: true };
  }
  if (kind === 'expression') {
    const source = embedded(config, config.profile, text, new IdentityMap(text.length), { start: 0, end: text.length }, undefined, undefined);
    return { ...base, sources: [source], problems: [], tooLarge: false };
  }
  const outline = kind === 'rules-json' ? jsonOutline(text) : yamlOutline(text);
  const structure = checkStructure(outline);
  const profile = structure.profile ?? config.profile;
  const sources = structure.conditions.map((c) => {
    const lit = c.literal.embed();
    return embedded(config, profile, lit.value, lit.map, c.literal, c.ruleId, lit);
  });
  return { ...base, sources, problems: [...outline.problems, ...structure.problems], tooLarge: false };
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
