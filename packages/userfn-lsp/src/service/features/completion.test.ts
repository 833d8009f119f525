import { describe, expect, test } from 'vitest';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { withCursor } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';
import type { LanguageServiceConfig } from '../index.js';

const service = checkedServices();

function complete(text: string, config: LanguageServiceConfig = {}, uri?: string) {
  const ls = service(config);
  const { document, position } = withCursor(text, uri);
  const items = ls.doComplete(document, position).items;
  return { items, document, labels: items.map((i) => i.label) };
}

/** The document after applying one item's edit. */
function apply(document: TextDocument, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  return TextDocument.applyEdits(document, [edit]);
}

describe('function and keyword completion', () => {
  test('functions with argument snippets and docs', () => {
    const { items, document } = complete('len|');
    const length = items.find((i) => i.label === 'length')!;
    expect(length.kind).toBe(CompletionItemKind.Function);
    expect(length.insertTextFormat).toBe(InsertTextFormat.Snippet);
    expect((length.textEdit as TextEdit).newText).toBe('length(${1:s})');
    expect(apply(document, length)).toBe('length(${1:s})');
    expect(JSON.stringify(length.documentation)).toContain('code points');
    expect(length.detail).toContain('length(');
  });

  test('a zero-argument function and a two-argument one', () => {
    const { items } = complete('|');
    expect((items.find((i) => i.label === 'now')!.textEdit as TextEdit).newText).toBe('now()');
    expect((items.find((i) => i.label === 'contains')!.textEdit as TextEdit).newText).toBe('contains(${1:s}, ${2:sub})');
  });

  test('only the name when a parenthesis already follows', () => {
    const { items } = complete("len|('abc')");
    const length = items.find((i) => i.label === 'length')!;
    expect((length.textEdit as TextEdit).newText).toBe('length');
    expect(length.insertTextFormat).toBe(InsertTextFormat.PlainText);
  });

  test('plain text when snippets are off', () => {
    const { items } = complete('len|', { snippets: false });
    expect((items.find((i) => i.label === 'length')!.textEdit as TextEdit).newText).toBe('length()');
  });

  test('keywords', () => {
    const { items } = complete("get('$.a') == 1 a|");
    const and = items.find((i) => i.label === 'and')!;
    expect(and.kind).toBe(CompletionItemKind.Keyword);
    expect((and.textEdit as TextEdit).range.start.character).toBe("get('$.a') == 1 ".length);
  });

  test('agent functions only in the profiles that have them', () => {
    expect(complete('cal|').labels).toContain('called');
    expect(complete('cal|', { profile: 'reranker' }).labels).not.toContain('called');
  });

  test('nothing in comments and numbers', () => {
    expect(complete('1 == 1 // a comment |').items).toEqual([]);
    expect(complete('/* le| */ true').items).toEqual([]);
    expect(complete('12|').items).toEqual([]);
  });
});

describe('path completion inside get/has/json_get strings', () => {
  test('the members of the profile schema', () => {
    const { labels } = complete("get('$.|')");
    expect(labels).toEqual(expect.arrayContaining(['agent', 'session', 'output', 'tools', 'tool_calls']));
  });

  test('the replaced range is the segment being typed', () => {
    const { items, document } = complete("get('$.ag|') != null");
    const agent = items.find((i) => i.label === 'agent')!;
    expect(apply(document, agent)).toBe("get('$.agent') != null");
    expect(agent.filterText).toBe('.agent');
  });

  test('the rest of a segment after the cursor is replaced too', () => {
    const { items, document } = complete("get('$.ag|xx.key')");
    expect(apply(document, items.find((i) => i.label === 'agent')!)).toBe("get('$.agent.key')");
  });

  test('a nested level, with type and description', () => {
    const { items } = complete("has('$.agent.|')");
    const key = items.find((i) => i.label === 'key')!;
    expect(key.kind).toBe(CompletionItemKind.Property);
    expect(key.detail).toBe('string');
    expect(JSON.stringify(key.documentation)).toContain("worker agent's key");
  });

  test('list elements: index and wildcard segments, then the item members', () => {
    // the client filters the siblings on `.tool_calls`: every member of the level is offered
    const { items, document } = complete("get('$.tool_c|')");
    expect(items.map((i) => i.label)).toContain('tool_calls');
    expect(apply(document, items.find((i) => i.label === 'tool_calls')!)).toBe("get('$.tool_calls')");
    expect(complete("get('$.tool_calls[0].|')").labels).toEqual(['name', 'arguments', 'output', 'error']);
    expect(complete("get('$.tool_calls[*].|')").labels).toEqual(['name', 'arguments', 'output', 'error']);
  });

  test('after a list path, [*] [0] [-1] are offered', () => {
    const { items, document } = complete("get('$.tool_calls[|')");
    expect(items.map((i) => i.label)).toEqual(['[*]', '[0]', '[-1]']);
    expect(apply(document, items[0]!)).toBe("get('$.tool_calls[*]')");
    const after = complete("get('$.tool_calls|')".replace('|', '.|'));
    expect(after.labels).toEqual(['[*]', '[0]', '[-1]']);
    expect(apply(after.document, after.items[1]!)).toBe("get('$.tool_calls[0]')");
  });

  test('the root: `$` in an empty path', () => {
    const { items, document } = complete("get('|')");
    expect(items.map((i) => i.label)).toEqual(['$']);
    expect(apply(document, items[0]!)).toBe("get('$')");
  });

  test('keys that need quoting are offered in bracket form, quotes doubled for the UserFn string', () => {
    const sampleContext = { tools: { 'tool-name': { outputs: { latest: '{}' } } } };
    const { items, document } = complete("get('$.tools.|')", { sampleContext });
    const tool = items.find((i) => i.label === 'tool-name')!;
    expect(apply(document, tool)).toBe("get('$.tools[''tool-name'']')");
  });

  test('after `[` members are offered in bracket form', () => {
    const { items, document } = complete("get('$.agent[|')");
    expect(apply(document, items.find((i) => i.label === 'key')!)).toBe("get('$.agent[''key'']')");
  });

  test('a sample context adds its members, with their values', () => {
    const sampleContext = { output: { status: 'indexed', confidence: 0.93 } };
    const { items } = complete("get('$.output.|')", { sampleContext });
    const status = items.find((i) => i.label === 'status')!;
    expect(status).toBeDefined();
    expect(JSON.stringify(status.documentation)).toContain('indexed');
    expect(items.map((i) => i.label)).toContain('confidence');
  });

  test('the schema alone offers nothing under an undescribed object', () => {
    expect(complete("get('$.agent.metadata.|')").items).toEqual([]);
  });

  test('the output offers its documented members: text and refusal', () => {
    expect(complete("get('$.output.|')").labels).toEqual(['text', 'refusal']);
  });

  test('the roots Vectara sends: agent and session name, description, metadata, and currentDate, described', () => {
    for (const profile of ['verification', 'transition'] as const) {
      expect(complete("get('$.|')", { profile }).labels).toEqual(expect.arrayContaining(['currentDate']));
      expect(complete("get('$.agent.|')", { profile }).labels).toEqual(['key', 'name', 'description', 'metadata']);
      expect(complete("get('$.session.|')", { profile }).labels).toEqual(['key', 'name', 'description', 'metadata']);
    }
    const date = complete("get('$.cur|')", { profile: 'transition' }).items.find((i) => i.label === 'currentDate')!;
    expect(JSON.stringify(date.documentation)).toContain('ISO 8601');
    const latest = complete("get('$.tools.search.outputs.|')").items.find((i) => i.label === 'latest')!;
    expect(JSON.stringify(latest.documentation)).toContain('json_get');
  });

  test('json_get completes inside the JSON its first argument reads from the sample', () => {
    const sampleContext = { tools: { search: { outputs: { latest: '{"hits": 3, "query": {"q": "x"}}' } } } };
    const { labels } = complete("json_get(get('$.tools.search.outputs.latest'), '$.|')", { sampleContext });
    expect(labels).toEqual(['hits', 'query']);
    expect(complete(`json_get('{"a": {"b": 1}}', '$.a.|')`).labels).toEqual(['b']);
  });

  test('not in strings that are not paths', () => {
    expect(complete("contains('$.|', 'x')").items).toEqual([]);
    expect(complete("json_get('$.|', '$.a')").items).toEqual([]);
  });

  test('an unterminated path string still completes', () => {
    expect(complete("get('$.ag|").labels).toContain('agent');
  });

  test('the any profile has no schema: only sample members', () => {
    expect(complete("get('$.|')", { profile: 'any' }).items).toEqual([]);
    expect(complete("get('$.|')", { profile: 'any', sampleContext: { a: 1 } }).labels).toEqual(['a']);
  });
});
