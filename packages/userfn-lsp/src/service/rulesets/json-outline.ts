/** Reads a JSON rule-set file into the neutral outline. */
import { OffsetTableMap } from '../source-map.js';
import { decodeJsonString, escapeJsonText } from './json-string.js';
import { parseJsonTree, type JsonNode } from './json-tree.js';
import type { EmbeddedText, FileProblem, Outline, OutlineValue } from './outline.js';

function embedJson(text: string, start: number): EmbeddedText {
  const d = decodeJsonString(text, start);
  return {
    value: d.value,
    map: new OffsetTableMap(d.starts),
    escape: escapeJsonText,
    // a JSON string cannot hold a readable line break: a multi-line value is not written
    requote: (v) => (/[\r\n]/.test(v) ? undefined : { start, end: d.end, text: JSON.stringify(v) }),
  };
}

function toOutline(text: string, node: JsonNode): OutlineValue {
  switch (node.kind) {
    case 'object':
      return {
        kind: 'object',
        start: node.start,
        end: node.end,
        members: node.members.map((m) => ({
          key: m.key.value,
          keyStart: m.key.start,
          keyEnd: m.key.end,
          value: m.value && toOutline(text, m.value),
        })),
      };
    case 'array':
      return { kind: 'array', start: node.start, end: node.end, items: node.items.map((n) => toOutline(text, n)) };
    case 'string':
      return { kind: 'string', start: node.start, end: node.end, value: node.value, embed: () => embedJson(text, node.start) };
    default:
      return { kind: node.kind, start: node.start, end: node.end, value: node.value };
  }
}

/** Parses a JSON rule set; a syntax error is a problem, and the part read before it is kept. */
export function jsonOutline(text: string): Outline {
  const parsed = parseJsonTree(text);
  const problems: FileProblem[] = [];
  if (parsed.error) {
    problems.push({ ...parsed.error, message: `JSON: ${parsed.error.message}`, severity: 'error', code: 'rules/syntax' });
  }
  return { format: 'json', root: parsed.root && toOutline(text, parsed.root), problems };
}
