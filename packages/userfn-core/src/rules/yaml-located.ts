import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import type { Span } from '../diagnostics/span.js';
import type { Located, LocatedEntry, ScalarStyle } from './located.js';

/** A YAML error at a UTF-16 offset of the text. */
export interface YamlSyntaxError {
  readonly message: string;
  readonly offset: number;
}

const STYLES: Readonly<Record<string, ScalarStyle>> = {
  QUOTE_DOUBLE: 'double',
  QUOTE_SINGLE: 'single',
  PLAIN: 'plain',
  BLOCK_LITERAL: 'block',
  BLOCK_FOLDED: 'block',
};

// The YAML parser loads on first use: JSON rule sets (and batch worker
// threads, which get plain definitions) never pay for it at start-up.
let yamlModule: typeof YamlModule | undefined;
const yaml = (): typeof YamlModule => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule);

// Aliases may point at each other; a rule set never needs them this deep.
const MAX_DEPTH = 64;

const spanOf = (n: { range?: [number, number, number] | null } | null | undefined): Span | undefined =>
  n?.range ? { start: n.range[0], end: n.range[1] } : undefined;

/**
 * Parses one YAML document (1.2, core schema) keeping the span of every value
 * and key. Every YAML error is returned, each at its offset.
 */
export function parseYamlLocated(text: string): { value: Located } | { errors: YamlSyntaxError[] } {
  const doc = yaml().parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // The message's first line is the whole message; the rest is a source excerpt.
    return { errors: doc.errors.map((e) => ({ message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''), offset: e.pos[0] })) };
  }
  return { value: convert(doc, doc.contents, 0) };
}

function convert(doc: Document, node: unknown, depth: number): Located {
  const { isAlias, isMap, isScalar, isSeq } = yaml();
  if (depth > MAX_DEPTH) return { kind: 'other', description: 'a value nested too deeply' };
  if (node === null || node === undefined) return { kind: 'scalar', value: null };
  if (isAlias(node)) {
    const target = node.resolve(doc);
    const resolved = convert(doc, target, depth + 1);
    // Report problems where the alias is written, not where its anchor is.
    const span = spanOf(node);
    return span ? ({ ...resolved, span } as Located) : resolved;
  }
  if (isMap(node)) {
    const entries: LocatedEntry[] = [];
    for (const pair of node.items) {
      const k = pair.key as YamlNode | null;
      const keyValue = isScalar(k) ? k.value : undefined;
      const key = keyValue === null || keyValue === undefined ? '' : typeof keyValue === 'object' ? '[complex key]' : String(keyValue as string | number | boolean);
      const keySpan = spanOf(k);
      entries.push(keySpan ? { key, keySpan, value: convert(doc, pair.value, depth + 1) } : { key, value: convert(doc, pair.value, depth + 1) });
    }
    return withSpan({ kind: 'object', entries }, spanOf(node));
  }
  if (isSeq(node)) return withSpan({ kind: 'array', items: node.items.map((n) => convert(doc, n, depth + 1)) }, spanOf(node));
  if (isScalar(node)) {
    const v = node.value;
    const span = spanOf(node);
    if (typeof v === 'string') {
      const style = node.type ? STYLES[node.type] : undefined;
      return withSpan(style ? { kind: 'scalar', value: v, style } : { kind: 'scalar', value: v }, span);
    }
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return withSpan({ kind: 'scalar', value: v }, span);
    return withSpan({ kind: 'other', description: `a ${node.tag ?? typeof v} value` }, span);
  }
  return { kind: 'other', description: 'an unsupported YAML value' };
}

function withSpan<T extends Located>(v: T, span: Span | undefined): T {
  return span ? { ...v, span } : v;
}
