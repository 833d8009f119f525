/** Reads a YAML rule-set file into the neutral outline, with the yaml library's positions. */
import { isAlias, isMap, isScalar, isSeq, parseDocument, parse as parseYaml, type Node as YamlNode, type Scalar } from 'yaml';
import { CoarseMap, OffsetTableMap } from '../source-map.js';
import type { EmbeddedText, FileProblem, Outline, OutlineValue } from './outline.js';
import { decodeYamlScalar, escapeForYaml, type YamlScalarStyle } from './yaml-scalar.js';

const STYLES: readonly string[] = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'];

function styleOf(node: Scalar): YamlScalarStyle {
  const t = node.type ?? 'PLAIN';
  return (STYLES.includes(t) ? t : 'PLAIN') as YamlScalarStyle;
}

/** A plain scalar that reads back as exactly this string on one line. */
function asPlain(value: string): string | undefined {
  if (value === '' || /[\r\n]/.test(value) || value !== value.trim()) return undefined;
  try {
    return parseYaml(`k: ${value}`, { prettyErrors: false })?.k === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The same scalar rewritten to hold `value`, keeping its style where the style can hold it. */
function requoteYaml(text: string, node: Scalar, style: YamlScalarStyle, value: string): { start: number; end: number; text: string } | undefined {
  const [start, end] = node.range!;
  const oneLine = !/[\r\n]/.test(value);
  switch (style) {
    case 'QUOTE_DOUBLE':
      return oneLine ? { start, end, text: JSON.stringify(value) } : undefined;
    case 'QUOTE_SINGLE':
      return oneLine ? { start, end, text: `'${value.replaceAll("'", "''")}'` } : undefined;
    case 'PLAIN': {
      if (!oneLine) return undefined;
      return { start, end, text: asPlain(value) ?? `'${value.replaceAll("'", "''")}'` };
    }
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      // keep the header line and the content indentation; replace the content lines only
      if (style === 'BLOCK_FOLDED' && !oneLine) return undefined;
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
  }
}

function embedYaml(text: string, node: Scalar): EmbeddedText {
  const style = styleOf(node);
  const [start, end] = node.range!;
  const value = String(node.value);
  const decoded = decodeYamlScalar(text, start, end, style);
  // exact only when our own decoding agrees with the yaml library's value
  const map = decoded && decoded.value === value ? new OffsetTableMap(decoded.starts) : new CoarseMap(start, end, value.length);
  return { value, map, escape: (s) => escapeForYaml(s, style), requote: (v) => requoteYaml(text, node, style, v) };
}

function toOutline(text: string, node: YamlNode | null | undefined, depth: number): OutlineValue | undefined {
  if (!node || !node.range || depth > 256) return undefined;
  const [start, end] = node.range;
  if (isMap(node)) {
    return {
      kind: 'object',
      start,
      end,
      members: node.items.flatMap((pair) => {
        const key = pair.key as YamlNode | null;
        if (!isScalar(key) || !key.range) return [];
        const value = toOutline(text, pair.value as YamlNode | null, depth + 1);
        return [{ key: String(key.value), keyStart: key.range[0], keyEnd: key.range[1], value }];
      }),
    };
  }
  if (isSeq(node)) {
    return { kind: 'array', start, end, items: node.items.flatMap((n) => toOutline(text, n as YamlNode, depth + 1) ?? []) };
  }
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'string') return { kind: 'string', start, end, value: v, embed: () => embedYaml(text, node) };
    if (typeof v === 'number') return { kind: 'number', start, end, value: v };
    if (typeof v === 'boolean') return { kind: 'boolean', start, end, value: v };
    if (v === null) return { kind: 'null', start, end, value: null };
  }
  if (isAlias(node)) return { kind: 'other', start, end, value: undefined };
  return { kind: 'other', start, end, value: undefined };
}

/** Parses a YAML rule set; syntax errors become problems, and the yaml library's recovered document is kept. */
export function yamlOutline(text: string): Outline {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const problems: FileProblem[] = [...doc.errors, ...doc.warnings].map((e) => ({
    start: e.pos[0],
    end: Math.max(e.pos[0], e.pos[1]),
    message: `YAML: ${e.message.split('\n')[0]}`,
    severity: e.name === 'YAMLWarning' ? 'warning' : 'error',
    code: 'rules/syntax',
  }));
  return { format: 'yaml', root: toOutline(text, doc.contents as YamlNode | null, 0), problems };
}
