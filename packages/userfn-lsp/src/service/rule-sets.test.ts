/** Every feature on rule-set files: conditions checked, completed and hovered in place, through the file's escapes. */
import { readdirSync, readFileSync } from 'node:fs';
import { RuleSetCodes } from '@userfn/core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { DiagnosticSeverity, type CodeAction, type MarkupContent, type TextEdit } from 'vscode-languageserver-types';
import { cursorAt, documentOf } from '../test-support/cursor.js';
import { checkedServices } from '../test-support/service.js';
import type { LanguageServiceConfig } from './index.js';

const service = checkedServices();

const JSON_URI = 'file:///work/checks.rules.json';
const YAML_URI = 'file:///work/checks.rules.yaml';

function diagnostics(text: string, uri: string, config: LanguageServiceConfig = {}) {
  const document = documentOf(text, uri);
  return service(config)
    .doValidation(document)
    .map((d) => ({ code: d.code, text: document.getText(d.range), severity: d.severity, message: d.message }));
}

function fixAll(document: TextDocument, actions: CodeAction[]): string {
  return TextDocument.applyEdits(
    document,
    actions.flatMap((a) => a.edit!.changes![document.uri]!),
  );
}

describe('JSON rule sets', () => {
  test('diagnostics land on the exact text, through \\" \\\\ \\u escapes', () => {
    const text = String.raw`{ "rules": [ { "id": "a", "condition": "get(\"$.a\") == '\\' and \u006cenght('x') > 0 and get('$.outptu') \u003d 1" } ] }`;
    const ds = diagnostics(text, JSON_URI);
    expect(ds.map((d) => [d.code, d.text])).toEqual([
      ['UF1003', String.raw`\"$.a\"`],
      ['UF2103', 'a'], // the double-quoted string is still read as the path '$.a'
      ['UF2001', String.raw`\u006cenght`],
      ['UF2103', 'outptu'],
      ['UF1004', String.raw`\u003d`],
    ]);
    expect(ds[2]!.message).toBe("unknown function 'lenght'; did you mean 'length'?");
  });

  test('an invalid literal JSONPath is reported inside the path, through the escapes', () => {
    const text = `{"rules": [{"id": "a", "condition": "get('$.agent[') != null"}]}`;
    const [d] = diagnostics(text, JSON_URI);
    expect(d!.code).toBe('UF2004');
    const literal = `'$.agent['`;
    const start = text.indexOf(literal);
    const document = documentOf(text, JSON_URI);
    const ds = service().doValidation(document);
    const at = document.offsetAt(ds[0]!.range.start);
    expect(at).toBeGreaterThan(start);
    expect(document.offsetAt(ds[0]!.range.end)).toBeLessThanOrEqual(start + literal.length);
  });

  test('a condition over an escaped line break maps to the next line of the condition', () => {
    const text = '{"rules": [{"id": "a", "condition": "true and\\n lenght(\'x\') > 1"}]}';
    expect(diagnostics(text, JSON_URI).map((d) => d.text)).toEqual(['lenght']);
  });

  test("structure problems and JSON syntax errors are diagnostics too, with the loader's codes", () => {
    const text = '{"rules": [{"id": "a", "condition": "true", "mesage": "m"}, {"id": "a"}]';
    const ds = diagnostics(text, JSON_URI);
    expect(ds.map((d) => d.code)).toEqual([RuleSetCodes.UnknownField, RuleSetCodes.MissingField, RuleSetCodes.DuplicateId, RuleSetCodes.InvalidDocument]);
    expect(ds.map((d) => d.text)).toEqual(['"mesage"', '{', '"a"', '']);
    expect(ds[0]!.message).toBe("rule 'a': unknown field 'mesage' in the rule\nhint: did you mean 'message'?");
  });

  test("the rule set's profile is the loader's: verification or transition, else an error (and verification)", () => {
    const text = (profile: string, condition: string) => `{"profile": "${profile}", "rules": [{"id": "a", "condition": "${condition}"}]}`;
    expect(diagnostics(text('transition', 'true'), JSON_URI)).toEqual([]);
    expect(diagnostics(text('verification', '1'), JSON_URI).map((d) => d.code)).toEqual(['UF2006']);
    expect(diagnostics(text('reranker', 'true'), JSON_URI).map((d) => d.code)).toEqual([RuleSetCodes.UnknownProfile]);
    expect(diagnostics(text('reranker', '1 + 1'), JSON_URI).map((d) => d.code)).toEqual([RuleSetCodes.UnknownProfile, 'UF2006']);
    // the configured profile is for .userfn documents: a rule set is checked as the loader will compile it
    expect(diagnostics(text('transition', '1 + 1'), JSON_URI, { profile: 'reranker' }).map((d) => d.code)).toEqual(['UF2006']);
    const { document, position } = cursorAt(text('transition', "get('$.out@put') != null"), '@', JSON_URI);
    expect((service().doHover(document, position)!.contents as MarkupContent).value).toContain(
      "The step's structured output: usually an object, but any JSON value",
    );
  });

  test('a misspelt profile or severity: the quick fix writes the suggestion', () => {
    const text = '{"profile": "verifcation", "rules": [{"id": "a", "condition": "true", "severity": "warnign"}]}';
    const document = documentOf(text, JSON_URI);
    const actions = service().getCodeActions(document, { start: { line: 0, character: 0 }, end: document.positionAt(text.length) }, { diagnostics: [] });
    expect(actions.map((a) => a.title)).toEqual(["Change to 'verification'", "Change to 'warning'"]);
    expect(JSON.parse(fixAll(document, actions))).toEqual({ profile: 'verification', rules: [{ id: 'a', condition: 'true', severity: 'warning' }] });
  });

  test('recognised by the file name whatever the languageId', () => {
    const document = TextDocument.create(JSON_URI, 'plaintext', 1, '{"rules": [{"id": "a", "condition": "lenght(1)"}]}');
    expect(
      service()
        .doValidation(document)
        .map((d) => d.code),
    ).toContain('UF2001');
    const yml = TextDocument.create('file:///x.RULES.YML', 'yaml', 1, 'rules:\n  - id: a\n    condition: lenght(1) > 0\n');
    expect(
      service()
        .doValidation(yml)
        .map((d) => d.code),
    ).toEqual(['UF2001']);
  });

  test('completion inside a condition: the path segments, the edit mapped through the escapes', () => {
    const { document, position } = cursorAt(String.raw`{"rules": [{"id": "a", "condition": "get(\"x\") or get('$.ag@') != null"}]}`, '@', JSON_URI);
    const items = service().doComplete(document, position).items;
    const agent = items.find((i) => i.label === 'agent')!;
    expect(TextDocument.applyEdits(document, [agent.textEdit as TextEdit])).toBe(
      String.raw`{"rules": [{"id": "a", "condition": "get(\"x\") or get('$.agent') != null"}]}`,
    );
  });

  test('completion of a key that needs brackets inserts valid JSON', () => {
    const { document, position } = cursorAt(`{"rules": [{"id": "a", "condition": "get('$.tools.@')"}]}`, '@', JSON_URI);
    const ls = service({ sampleContext: { tools: { 'say "hi"': {} } } });
    const item = ls.doComplete(document, position).items.find((i) => i.label === 'say "hi"')!;
    const out = TextDocument.applyEdits(document, [item.textEdit as TextEdit]);
    expect(out).toBe(String.raw`{"rules": [{"id": "a", "condition": "get('$.tools[''say \"hi\"'']')"}]}`);
    expect(JSON.parse(out).rules[0].condition).toBe(`get('$.tools[''say "hi"'']')`);
  });

  test('function completion and signature help inside a condition', () => {
    const { document, position } = cursorAt('{"rules": [{"id": "a", "condition": "roun@"}]}', '@', JSON_URI);
    const ls = service();
    const round = ls.doComplete(document, position).items.find((i) => i.label === 'round')!;
    expect(TextDocument.applyEdits(document, [round.textEdit as TextEdit])).toBe('{"rules": [{"id": "a", "condition": "round(${1:x})"}]}');
    const sig = cursorAt('{"rules": [{"id": "a", "condition": "round(1, @"}]}', '@', JSON_URI);
    expect(ls.doSignatureHelp(sig.document, sig.position)!.activeParameter).toBe(1);
  });

  test('hover inside a condition, ranges through the escapes', () => {
    const { document, position } = cursorAt(String.raw`{"rules": [{"id": "a", "condition": "\u006ce@ngth('x') > 1"}]}`, '@', JSON_URI);
    const h = service().doHover(document, position)!;
    expect(document.getText(h.range!)).toBe(String.raw`\u006cength`);
    expect((h.contents as MarkupContent).value).toContain('length(s: string) -> number');
  });

  test('nothing outside the conditions', () => {
    const { document, position } = cursorAt('{"rules": [{"id": "a", "message": "len@", "condition": "true"}]}', '@', JSON_URI);
    const ls = service();
    expect(ls.doComplete(document, position).items).toEqual([]);
    expect(ls.doHover(document, position)).toBeNull();
    expect(ls.doSignatureHelp(document, position)).toBeNull();
  });

  test("Vectara's === and !== in a YAML rule set: warnings whose quick fixes write == and != in place", () => {
    const text =
      "profile: verification\nrules:\n  - id: blog\n    condition: \"get('$.output.category') === 'blog' and get('$.output.status') !== 'failed'\"\n";
    const document = documentOf(text, YAML_URI);
    const ls = service();
    const warnings = ls.doValidation(document).filter((d) => d.code === 'UF2105');
    expect(warnings.map((d) => [document.getText(d.range), d.severity])).toEqual([
      ['===', DiagnosticSeverity.Warning],
      ['!==', DiagnosticSeverity.Warning],
    ]);
    const actions = ls.getCodeActions(document, { start: { line: 0, character: 0 }, end: document.positionAt(text.length) }, { diagnostics: [] });
    expect(actions.map((a) => a.title)).toEqual(["Replace '===' with '=='", "Replace '!==' with '!='"]);
    const fixed = fixAll(document, actions);
    expect(fixed).toBe(text.replace('===', '==').replace('!==', '!='));
    expect(ls.doValidation(documentOf(fixed, YAML_URI))).toEqual([]);
  });

  test('code actions write valid JSON: did-you-mean, == and single quotes, and the misspelt field', () => {
    const text = String.raw`{"rules": [{"id": "a", "conditon": "true"}, {"id": "b", "condition": "lenght(get('$.agent.key')) = 1 or get('$.agent.key') == \"it's\""}]}`;
    const document = documentOf(text, JSON_URI);
    const ls = service();
    const actions = ls.getCodeActions(document, { start: { line: 0, character: 0 }, end: document.positionAt(text.length) }, { diagnostics: [] });
    expect(actions.map((a) => a.title)).toEqual(["Change to 'length'", "Replace '=' with '=='", 'Use single quotes', "Change to 'condition'"]);
    const fixed = fixAll(document, actions);
    expect(JSON.parse(fixed)).toEqual({
      rules: [
        { id: 'a', condition: 'true' },
        { id: 'b', condition: "length(get('$.agent.key')) == 1 or get('$.agent.key') == 'it''s'" },
      ],
    });
    expect(ls.doValidation(documentOf(fixed, JSON_URI))).toEqual([]);
  });
});

describe('the example rule sets', () => {
  const dir = new URL('../../../../examples/rules/', import.meta.url);
  const files = readdirSync(dir).filter((f) => /\.rules\.(json|ya?ml)$/.test(f));

  test.each(files)('%s: no error, as for the loader', (file) => {
    const ds = diagnostics(readFileSync(new URL(file, dir), 'utf8'), `file:///examples/${file}`);
    expect(ds.filter((d) => d.severity === DiagnosticSeverity.Error)).toEqual([]);
  });
});

describe('YAML rule sets', () => {
  const yaml = [
    'profile: verification',
    'rules:',
    '  - id: plain',
    "    condition: lenght(get('$.agent.key')) > 1",
    '  - id: single',
    "    condition: 'lenght(''x'') > 1'",
    '  - id: double',
    '    condition: "lenght(\\"x\\") > \\u0031"',
    '  - id: literal',
    '    condition: |',
    '      true and',
    "        lenght('x') > 1",
    '  - id: folded',
    '    condition: >-',
    '      true and',
    "      lenght('x') > 1",
    '',
  ].join('\n');

  test('diagnostics in plain, single-quoted, double-quoted, literal and folded scalars', () => {
    const ds = diagnostics(yaml, YAML_URI);
    expect(ds.filter((d) => d.code === 'UF2001').map((d) => d.text)).toEqual(['lenght', 'lenght', 'lenght', 'lenght', 'lenght']);
    expect(ds.filter((d) => d.code === 'UF1003').map((d) => d.text)).toEqual(['\\"x\\"']);
    expect(ds.every((d) => d.severity === DiagnosticSeverity.Error)).toBe(true);
  });

  test('completion in a single-quoted scalar doubles the quotes once more', () => {
    const { document, position } = cursorAt("rules:\n  - id: a\n    condition: 'get(''$.tools.@'')'\n", '@', YAML_URI);
    const item = service({ sampleContext: { tools: { 'tool-name': {} } } })
      .doComplete(document, position)
      .items.find((i) => i.label === 'tool-name')!;
    expect(TextDocument.applyEdits(document, [item.textEdit as TextEdit])).toBe("rules:\n  - id: a\n    condition: 'get(''$.tools[''''tool-name'''']'')'\n");
  });

  test('completion and hover in a literal block scalar', () => {
    const text = "rules:\n  - id: a\n    condition: |\n      true and\n        get('$.agent.@') != null\n";
    const { document, position } = cursorAt(text, '@', YAML_URI);
    const ls = service();
    const key = ls.doComplete(document, position).items.find((i) => i.label === 'key')!;
    expect(TextDocument.applyEdits(document, [key.textEdit as TextEdit])).toBe(text.replace('@', 'key'));
    const h = cursorAt(text.replace('@', 'key').replace('agent.key', 'agent.k@ey'), '@', YAML_URI);
    expect((ls.doHover(h.document, h.position)!.contents as MarkupContent).value).toContain("The worker agent's key.");
  });

  test('an aliased condition is checked as the loader reads it, on the alias as a whole; a merge key is an unknown field, as for the loader', () => {
    const text = 'rules:\n  - id: a\n    condition: &c "lenght(\'x\') > 1"\n  - <<: {weight: 2}\n    id: b\n    condition: *c\n';
    expect(diagnostics(text, YAML_URI).map((d) => [d.code, d.text])).toEqual([
      ['UF2001', 'lenght'],
      [RuleSetCodes.UnknownField, '<<'],
      ['UF2001', '*c'],
    ]);
    const { document, position } = cursorAt(text.replace('*c', '*@c'), '@', YAML_URI);
    expect(service().doComplete(document, position).items).toEqual([]);
    // formatting rewrites the anchor's text only
    const unformatted = documentOf(text.replace(`"lenght('x') > 1"`, `"length( 'x' )>1"`), YAML_URI);
    expect(TextDocument.applyEdits(unformatted, service().format(unformatted))).toBe(text.replace('lenght', 'length'));
  });

  test('a scalar the decoder does not model is checked with coarse ranges, and not completed', () => {
    const text = "rules:\n  - id: a\n    condition: |2\n        lenght('x') > 1\n";
    const ds = diagnostics(text, YAML_URI);
    expect(ds.map((d) => d.code)).toEqual(['UF2001']);
    expect(ds[0]!.text).toContain("lenght('x') > 1");
    const { document, position } = cursorAt(text.replace("lenght('x')", "len@('x')"), '@', YAML_URI);
    expect(service().doComplete(document, position).items).toEqual([]);
  });

  test('code actions keep the YAML valid', () => {
    const text = "rules:\n  - id: a\n    conditon: x\n    condition: 'lenght(\"it''s\") = 1'\n";
    const document = documentOf(text, YAML_URI);
    const ls = service();
    const actions = ls.getCodeActions(document, { start: { line: 0, character: 0 }, end: document.positionAt(text.length) }, { diagnostics: [] });
    const fixed = fixAll(document, actions);
    expect(fixed).toBe("rules:\n  - id: a\n    condition: x\n    condition: 'length(''it''''s'') == 1'\n");
  });
});
