import { describe, expect, test } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-types';
import { withCursor } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';
import type { LanguageServiceConfig } from '../index.js';

const service = checkedServices();

function hover(text: string, config: LanguageServiceConfig = {}) {
  const ls = service(config);
  const { document, position } = withCursor(text);
  const h = ls.doHover(document, position);
  return h ? { markdown: (h.contents as MarkupContent).value, text: document.getText(h.range!) } : null;
}

describe('doHover', () => {
  test('a function: its signatures and doc', () => {
    const h = hover("len|gth('abc') > 1")!;
    expect(h.text).toBe('length');
    expect(h.markdown).toContain('length(s: string) -> number');
    expect(h.markdown).toContain('length(list: list) -> number');
    expect(h.markdown).toContain('code points');
  });

  test('an unknown function: says so and offers the did-you-mean, as the diagnostic does, then the suggestion itself', () => {
    const h = hover("len|ght('abc') > 1")!;
    expect(h.text).toBe('lenght');
    const [head, rest] = h.markdown.split('\n\n---\n\n');
    expect(head).toBe('unknown function `lenght`; did you mean `length`?');
    expect(rest).toContain('length(s: string) -> number');
    expect(hover('zzz|zzqq(1)')).toEqual({ text: 'zzzzzqq', markdown: 'unknown function `zzzzzqq`' });
    // a host function is a candidate too
    const functions = { risk_score: { signatures: [{ params: ['string' as const], returns: 'number' as const }], impl: () => 0 } };
    const host = hover("risk_scor|(get('$.output.text'))", { functions })!.markdown;
    expect(host.split('\n\n---\n\n')[0]).toBe('unknown function `risk_scor`; did you mean `risk_score`?');
    expect(host).toContain('risk_score(');
  });

  test('a path: its type and description from the schema', () => {
    const h = hover("get('$.agent.k|ey') == 'a'")!;
    expect(h.text).toBe('$.agent.key');
    expect(h.markdown).toContain('type: `string`');
    expect(h.markdown).toContain("The worker agent's key.");
  });

  test('a path prefix: the segment under the cursor', () => {
    const h = hover("get('$.ag|ent.key') == 'a'")!;
    expect(h.text).toBe('$.agent');
    expect(h.markdown).toContain('type: `object`');
  });

  test('a path: its value in the sample context', () => {
    const h = hover("get('$.output.sta|tus') == 'x'", { sampleContext: { output: { status: 'indexed' } } })!;
    expect(h.markdown).toContain('"indexed"');
    expect(h.markdown).toContain('Sample (string)');
  });

  test('a path absent from the sample says so', () => {
    const h = hover("get('$.agent.k|ey') == 'a'", { sampleContext: { output: {} } })!;
    expect(h.markdown).toContain('absent');
  });

  test('an undeclared path says so', () => {
    expect(hover("get('$.nope.x|') != null")!.markdown).toContain('not declared');
  });

  test('a non-singular path is a list', () => {
    expect(hover("get('$.tool_calls[*].na|me') != null")!.markdown).toContain('type: `list<string>`');
  });

  test("any sub-expression's inferred type", () => {
    const h = hover("length('abc') |+ 1 > 2")!;
    expect(h.text).toBe("length('abc') + 1");
    expect(h.markdown).toContain('type: `number`');
    expect(hover("get('$.agent.key') =|= 'a'")!.markdown).toContain('type: `boolean`');
    expect(hover('[1, |2] != null')!.markdown).toContain('type: `number`');
  });

  test('nothing in comments', () => {
    expect(hover('true // a com|ment')).toBeNull();
  });
});
