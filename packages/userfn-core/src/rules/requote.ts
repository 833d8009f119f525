/**
 * Writing a rule's condition back into its rule-set file: a whole new
 * condition (formatting) is written in the style of the string it replaces,
 * when that style can hold it. Reading the file is `readRuleSetDocument`'s;
 * `userfn fmt` and the language service's formatting both write with this.
 */
import { parse as parseYaml } from 'yaml';
import type { Span } from '../common/diagnostics/span.js';
import type { ScalarStyle } from './located.js';

/** An edit of a file: replace [start, end) with text. */
export interface ScalarEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
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

/**
 * The edit that makes the string at `span` of `text` hold `value`, keeping its
 * style; undefined when that style cannot hold it (a line break in a JSON,
 * quoted or plain string, or a folded block) or the string is a YAML alias
 * (its text is at the anchor, shared with other rules).
 */
export function requoteScalar(text: string, span: Span, style: ScalarStyle | undefined, value: string): ScalarEdit | undefined {
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
      return undefined;
  }
}
