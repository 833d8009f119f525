import { isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node as YamlNode } from 'yaml';
import type { Span } from '../common/diagnostics/span.js';
import type { Located, LocatedEntry, ParsedText, ScalarStyle, SyntaxProblem } from './located.js';

const STYLES: Readonly<Record<string, ScalarStyle>> = {
  QUOTE_DOUBLE: 'double',
  QUOTE_SINGLE: 'single',
  PLAIN: 'plain',
  BLOCK_LITERAL: 'literal',
  BLOCK_FOLDED: 'folded',
};

// A static import (no createRequire) keeps this module browser-safe. Batch
// worker threads get plain definitions and never load this module.

// Aliases may point at each other; a rule set never needs them this deep.
const MAX_DEPTH = 64;

const spanOf = (n: { range?: [number, number, number] | null } | null | undefined): Span | undefined =>
  n?.range ? { start: n.range[0], end: n.range[1] } : undefined;

/**
 * Parses one YAML document (1.2, core schema) keeping the span of every value
 * and key. Every YAML error and warning is returned, each at its span, with
 * the document the yaml library recovered (an editor still checks its rules).
 */
export function parseYamlLocated(text: string): ParsedText {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const problem =
    (severity: SyntaxProblem['severity']) =>
    (e: { message: string; pos: [number, number] }): SyntaxProblem => ({
      // The message's first line is the whole message; the rest is a source excerpt.
      message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
      span: { start: e.pos[0], end: Math.max(e.pos[0], e.pos[1]) },
      severity,
    });
  // Each aliased node is converted once, however many aliases name it (the
  // trees share it): aliases of aliases cannot expand exponentially. While
  // its conversion runs, the entry is undefined: an alias inside its own anchor.
  const targets = aliasTargets(doc);
  const converted = new Map<unknown, Located | undefined>();
  const resolve = (alias: unknown, depth: number): Located => {
    const target = targets.get(alias);
    if (converted.has(target)) return converted.get(target) ?? { kind: 'other', description: 'a recursive alias' };
    converted.set(target, undefined);
    const v = convert(doc, target, depth, resolve);
    converted.set(target, v);
    return v;
  };
  return { root: convert(doc, doc.contents, 0, resolve), problems: [...doc.errors.map(problem('error')), ...doc.warnings.map(problem('warning'))] };
}

/** The located value an alias stands for. */
type Resolve = (alias: unknown, depth: number) => Located;

/**
 * The node each alias names: the last node with its anchor before it, in
 * document order (the yaml library's rule, found in one pass where its
 * `Alias.resolve` walks the document once per alias).
 */
function aliasTargets(doc: Document): Map<unknown, unknown> {
  const anchors = new Map<string, unknown>();
  const targets = new Map<unknown, unknown>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  return targets;
}

function convert(doc: Document, node: unknown, depth: number, resolve: Resolve): Located {
  if (depth > MAX_DEPTH) return { kind: 'other', description: 'a value nested too deeply' };
  if (node === null || node === undefined) return { kind: 'scalar', value: null };
  if (isAlias(node)) {
    const resolved = resolve(node, depth + 1);
    // Report problems where the alias is written, not where its anchor is. A
    // string's text is at the anchor: without a style, its offsets are not mapped.
    const span = spanOf(node);
    const value: Located = resolved.kind === 'scalar' ? { kind: 'scalar', value: resolved.value } : resolved;
    return span ? { ...value, span } : value;
  }
  if (isMap(node)) {
    const entries: LocatedEntry[] = [];
    for (const pair of node.items) {
      const k = pair.key as YamlNode | null;
      const keyValue = isScalar(k) ? k.value : undefined;
      const key =
        keyValue === null || keyValue === undefined ? '' : typeof keyValue === 'object' ? '[complex key]' : String(keyValue as string | number | boolean);
      const keySpan = spanOf(k);
      entries.push(
        keySpan ? { key, keySpan, value: convert(doc, pair.value, depth + 1, resolve) } : { key, value: convert(doc, pair.value, depth + 1, resolve) },
      );
    }
    return withSpan({ kind: 'object', entries }, spanOf(node));
  }
  if (isSeq(node)) return withSpan({ kind: 'array', items: node.items.map((n) => convert(doc, n, depth + 1, resolve)) }, spanOf(node));
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
