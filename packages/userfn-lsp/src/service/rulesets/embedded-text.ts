/**
 * Writing into a rule's condition where it stands in a rule-set file: text
 * inserted inside the string (completions, quick fixes) is escaped for the
 * string's style, and a whole new condition (formatting) is written in that
 * style when the style can hold it. Reading the file is the core's
 * (readRuleSetDocument); only writing is the editor's.
 */
import type { RuleSetCondition, ScalarStyle } from '@userfn/core';
import { parse as parseYaml } from 'yaml';
import type { SourceMap } from '../source-map.js';

/** A condition as found in the file, decoded, with its offset map and how to write into it. */
export interface EmbeddedText {
  readonly value: string;
  readonly map: SourceMap;
  /** Escapes text for insertion inside this literal (JSON escapes, YAML '' ...). */
  escape(text: string): string;
  /** The edit that makes the literal hold `value`, in the same style; undefined when that style cannot hold it. */
  requote(value: string): { readonly start: number; readonly end: number; readonly text: string } | undefined;
}

/** Escapes text for insertion inside a string of this style (unchanged where nothing needs escaping, or the style is unknown). */
export function escapeForStyle(s: string, style: ScalarStyle | undefined): string {
  if (style === 'json' || style === 'double') return JSON.stringify(s).slice(1, -1);
  if (style === 'single') return s.replaceAll("'", "''");
  return s;
}

/** A plain YAML scalar that reads back as exactly this string on one line. */
function asPlain(value: string): string | undefined {
  if (value === '' || /[\r\n]/.test(value) || value !== value.trim()) return undefined;
  try {
    return parseYaml(`k: ${value}`, { prettyErrors: false })?.k === value ? value : undefined;
  } catch {
    return undefined;
  }
}

const singleQuoted = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** The string at `span` rewritten to hold `value`, keeping its style where the style can hold it. */
function requote(text: string, span: { start: number; end: number }, style: ScalarStyle | undefined, value: string): { start: number; end: number; text: string } | undefined {
  const { start, end } = span;
  const oneLine = !/[\r\n]/.test(value);
  switch (style) {
    case 'json':
    case 'double':
      // a JSON (or double-quoted) string holds a line break only as \n: a multi-line value is not written
      return oneLine ? { start, end, text: JSON.stringify(value) } : undefined;
    case 'single':
      return oneLine ? { start, end, text: singleQuoted(value) } : undefined;
    case 'plain':
      return oneLine ? { start, end, text: asPlain(value) ?? singleQuoted(value) } : undefined;
    case 'literal':
    case 'folded': {
      // keep the header line and the content indentation; replace the content lines only
      if (style === 'folded' && !oneLine) return undefined;
      const raw = text.slice(start, end);
      const headerEnd = raw.search(/\r?\n/);
      if (headerEnd < 0) return undefined;
      const body = raw.slice(headerEnd).replace(/^\r?\n/, '');
      const indent = /^( +)\S/m.exec(body)?.[1];
      const lastContent = raw.trimEnd().length;
      if (!indent || lastContent <= headerEnd) return undefined;
      const eol = raw.includes('\r\n') ? '\r\n' : '\n';
      const lines = value.split(/\r?\n/).map((l) => (l === '' ? '' : indent + l));
      return { start, end: start + lastContent, text: raw.slice(0, headerEnd) + eol + lines.join(eol) };
    }
    default:
      // an alias: its text is at the anchor, shared with other rules
      return undefined;
  }
}

/** The condition of a rule-set file as an embedded text. */
export function embeddedText(text: string, condition: RuleSetCondition): EmbeddedText {
  return {
    value: condition.condition,
    map: condition.map,
    escape: (s) => escapeForStyle(s, condition.style),
    requote: (v) => requote(text, condition.span, condition.style, v),
  };
}
