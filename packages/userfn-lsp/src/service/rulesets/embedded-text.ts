/**
 * Writing into a rule's condition where it stands in a rule-set file: text
 * inserted inside the string (completions, quick fixes) is escaped for the
 * string's style, and a whole new condition (formatting) is written in that
 * style when the style can hold it. Reading the file is the core's
 * (readRuleSetDocument), and so is writing a whole condition (requoteScalar,
 * which `userfn fmt` uses too).
 */
import { escapeForStyle, requoteScalar, type RuleSetCondition } from '@userfn/core';
import type { SourceMap } from '../source-map.js';

export { escapeForStyle };

/** A condition as found in the file, decoded, with its offset map and how to write into it. */
export interface EmbeddedText {
  readonly value: string;
  readonly map: SourceMap;
  /** Escapes text for insertion inside this literal (JSON escapes, YAML '' ...). */
  escape(text: string): string;
  /** The edit that makes the literal hold `value`, in the same style; undefined when that style cannot hold it. */
  requote(value: string): { readonly start: number; readonly end: number; readonly text: string } | undefined;
}

/** The condition of a rule-set file as an embedded text. */
export function embeddedText(text: string, condition: RuleSetCondition): EmbeddedText {
  return {
    value: condition.condition,
    map: condition.map,
    escape: (s) => escapeForStyle(s, condition.style),
    requote: (v) => requoteScalar(text, condition.span, condition.style, v),
  };
}
