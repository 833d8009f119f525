import { Codes } from '@userfn/core';
import { describe, expect, test } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { documentOf } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';
import type { LanguageServiceConfig } from '../index.js';

const service = checkedServices();

function diagnose(text: string, config: LanguageServiceConfig = {}, uri?: string) {
  const ls = service(config);
  const document = documentOf(text, uri);
  return ls.doValidation(document).map((d) => ({ ...d, text: document.getText(d.range) }));
}

describe('doValidation on a .userfn document', () => {
  test('a correct condition has no diagnostics', () => {
    expect(diagnose("get('$.output.status') == 'indexed' and called('search')")).toEqual([]);
  });

  test('every syntax error is reported, with recovery', () => {
    const ds = diagnose("get('$.a') = 1 and (2 +");
    expect(ds.map((d) => d.code)).toContain(Codes.AssignmentOperator);
    expect(ds.filter((d) => String(d.code).startsWith('UF1')).length).toBeGreaterThanOrEqual(2);
    const assign = ds.find((d) => d.code === Codes.AssignmentOperator)!;
    expect(assign.text).toBe('=');
    expect(assign.message).toContain("'=='");
  });

  test('type errors', () => {
    const ds = diagnose("1 + 'a' > 0");
    expect(ds.map((d) => d.code)).toContain(Codes.TypeMismatch);
  });

  test('an unknown function is an error whose message names the suggestion', () => {
    const [d] = diagnose("lenght('abc') > 1");
    expect(d!.code).toBe(Codes.UnknownFunction);
    expect(d!.severity).toBe(DiagnosticSeverity.Error);
    expect(d!.message).toContain("unknown function 'lenght'; did you mean 'length'?");
    expect(d!.text).toBe('lenght');
  });

  test('a wrong arity lists the signatures', () => {
    const [d] = diagnose('round() > 1');
    expect(d!.code).toBe(Codes.WrongArity);
    expect(d!.message).toContain('round(x: number) -> number');
    expect(d!.message).toContain('round(x: number, digits: number) -> number');
  });

  test('an invalid literal JSONPath is reported inside the string', () => {
    const ds = diagnose("get('$.a[') != null");
    const d = ds.find((x) => x.code === Codes.InvalidPath)!;
    expect(d.range.start.character).toBeGreaterThan("get('".length - 1);
    expect(d.range.end.character).toBeLessThanOrEqual("get('$.a['".length);
  });

  test('an invalid literal regex is reported on the pattern string', () => {
    const ds = diagnose("matches('abc', 'a(b') or true");
    const d = ds.find((x) => x.code === Codes.InvalidRegex)!;
    expect(d).toBeDefined();
    // within the pattern literal (the core decides how precisely)
    expect(d.range.start.character).toBeGreaterThanOrEqual("matches('abc', ".length);
    expect(d.range.end.character).toBeLessThanOrEqual("matches('abc', 'a(b'".length);
  });

  test('a result type that does not fit the profile', () => {
    expect(diagnose('1 + 2').map((d) => d.code)).toEqual([Codes.WrongResultType]);
    expect(diagnose('1 + 2', { profile: 'reranker' })).toEqual([]);
    expect(diagnose('true', { profile: 'reranker' }).map((d) => d.code)).toEqual([Codes.WrongResultType]);
  });

  test('a path the schema does not declare is a warning with a did-you-mean', () => {
    const [d] = diagnose("get('$.outptu') != null");
    expect(d!.code).toBe(Codes.UndeclaredPath);
    expect(d!.severity).toBe(DiagnosticSeverity.Warning);
    expect(d!.message).toContain("did you mean 'output'?");
    expect(d!.text).toBe('outptu');
  });

  test('a configured schema replaces the profile schema', () => {
    const contextSchema = { type: 'object', properties: { score: { type: 'number' } } };
    expect(diagnose("get('$.score') > 1", { contextSchema })).toEqual([]);
    expect(diagnose("get('$.output') != null", { contextSchema }).map((d) => d.code)).toEqual([Codes.UndeclaredPath]);
  });

  test('a sample context adds its paths to the schema: no warning for them', () => {
    const sampleContext = { agent: { key: 'a', team: 'x' } };
    expect(diagnose("get('$.agent.team') == 'x'").map((d) => d.code)).toEqual([Codes.UndeclaredPath]);
    expect(diagnose("get('$.agent.team') == 'x'", { sampleContext })).toEqual([]);
    // ... and the schema's own paths stay
    expect(diagnose("get('$.session.key') == 'x'", { sampleContext })).toEqual([]);
  });

  test('a path through a string: UF2106 where the schema says string, and where the sample holds JSON text', () => {
    const text = "get('$.tools.search.outputs.latest.hits') > 0";
    // the schema alone cannot know: latest is any JSON
    expect(diagnose(text)).toEqual([]);
    const sampleContext = { tools: { search: { outputs: { latest: '{"hits": 3}' } } }, agent: { name: 'bot' } };
    const [d] = diagnose(text, { sampleContext });
    expect({ code: d!.code, severity: d!.severity, text: d!.text }).toEqual({
      code: Codes.ReadThroughString,
      severity: DiagnosticSeverity.Warning,
      text: '.hits',
    });
    expect(d!.message).toContain("json_get(get('$.tools.search.outputs.latest'), '$.hits')");
    // a parsed object in the sample: the path reads it
    expect(diagnose(text, { sampleContext: { tools: { search: { outputs: { latest: { hits: 3 } } } } } })).toEqual([]);
    // the schema and the sample both know: one warning
    expect(diagnose("get('$.agent.name.first') != null", { sampleContext }).map((x) => [x.code, x.text])).toEqual([[Codes.ReadThroughString, '.first']]);
  });

  test('a document over the size limit gets one limit diagnostic, fast', () => {
    const ds = diagnose('1 == 1 and '.repeat(1000) + 'true', { maxDocumentLength: 1000 });
    expect(ds).toHaveLength(1);
    expect(ds[0]!.code).toBe('limit/document-too-large');
  });

  test('a 10 MB document is refused by the default limit', () => {
    const ds = diagnose('x'.repeat(10_000_000));
    expect(ds.map((d) => d.code)).toEqual(['limit/document-too-large']);
  });

  test('host functions declared in the configuration are known to the checker', () => {
    const functions = { risk_score: { signatures: [{ params: ['string'], returns: 'number' }], doc: 'Risk.', impl: () => 0 } };
    expect(diagnose("risk_score('a') > 1", { functions })).toEqual([]);
    expect(diagnose('risk_score(1) > 1', { functions }).map((d) => d.code)).toEqual([Codes.TypeMismatch]);
  });
});
