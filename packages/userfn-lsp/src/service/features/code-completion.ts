/** Completion in code: functions (with argument snippets and docs) and keywords. */
import { signatureText, type BuiltinInfo, type Span } from '@userfn/core';
import { functionMarkdown, summary } from './function-docs.js';
import type { SourceCompletion } from './source-items.js';

const KEYWORDS: readonly string[] = ['true', 'false', 'null', 'if', 'then', 'else', 'and', 'or', 'not', 'in'];

/** `name(${1:a}, ${2:b})` for the overload with the fewest parameters. */
function snippetFor(decl: BuiltinInfo): string {
  const shortest = [...decl.overloads].sort((a, b) => a.params.length - b.params.length)[0];
  const params = shortest?.params ?? [];
  if (params.length === 0) return shortest?.rest ? `${decl.name}(\${1:${shortest.rest.name}})` : `${decl.name}()`;
  return `${decl.name}(${params.map((p, i) => `\${${i + 1}:${p.name}}`).join(', ')})`;
}

/**
 * Functions and keywords replacing the word at the cursor. When a `(` already
 * follows the word, only the name is inserted.
 */
export function completeCode(source: string, word: Span, functions: readonly BuiltinInfo[], snippets: boolean): SourceCompletion[] {
  const parenFollows = /^\s*\(/.test(source.slice(word.end));
  const items: SourceCompletion[] = functions.map((decl) => {
    const first = decl.overloads[0];
    const more = decl.overloads.length > 1 ? ` (+${decl.overloads.length - 1} more)` : '';
    const text = parenFollows ? decl.name : snippets ? snippetFor(decl) : `${decl.name}()`;
    return {
      label: decl.name,
      kind: 'function',
      detail: first ? signatureText(decl.name, first) + more : summary(decl),
      documentation: functionMarkdown(decl),
      sortText: `1${decl.name}`,
      edit: { start: word.start, end: word.end, text },
      snippet: snippets && !parenFollows && text.includes('${'),
    };
  });
  for (const k of KEYWORDS) {
    items.push({ label: k, kind: 'keyword', sortText: `2${k}`, edit: { start: word.start, end: word.end, text: k } });
  }
  return items;
}
