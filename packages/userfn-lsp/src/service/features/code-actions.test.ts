import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, test } from 'vitest';
import { CodeActionKind, type CodeAction, type Range } from 'vscode-languageserver-types';
import { documentOf } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';
import type { LanguageServiceConfig } from '../index.js';

const service = checkedServices();

const whole = (d: TextDocument): Range => ({ start: { line: 0, character: 0 }, end: d.positionAt(d.getText().length) });

function actions(text: string, config: LanguageServiceConfig = {}, uri?: string): { document: TextDocument; actions: CodeAction[] } {
  const ls = service(config);
  const document = documentOf(text, uri);
  const diagnostics = ls.doValidation(document);
  return { document, actions: ls.getCodeActions(document, whole(document), { diagnostics }) };
}

function applied(document: TextDocument, action: CodeAction): string {
  return TextDocument.applyEdits(document, action.edit!.changes![document.uri]!);
}

describe('getCodeActions', () => {
  test('did-you-mean for a function, linked to its diagnostic', () => {
    const {
      document,
      actions: [a],
    } = actions("lenght('abc') > 1");
    expect(a!.title).toBe("Change to 'length'");
    expect(a!.kind).toBe(CodeActionKind.QuickFix);
    expect(a!.isPreferred).toBe(true);
    expect(a!.diagnostics!.map((d) => d.code)).toEqual(['UF2001']);
    expect(applied(document, a!)).toBe("length('abc') > 1");
  });

  test('did-you-mean for a path', () => {
    const {
      document,
      actions: [a],
    } = actions("get('$.outptu.x') != null");
    expect(applied(document, a!)).toBe("get('$.output.x') != null");
  });

  test('did-you-mean for a path member that needs brackets, quotes doubled', () => {
    const contextSchema = { type: 'object', properties: { 'tool-name': { type: 'string' } } };
    const {
      document,
      actions: [a],
    } = actions("get('$.tool_name') != null", { contextSchema });
    expect(applied(document, a!)).toBe("get('$[''tool-name'']') != null");
  });

  test("'=' and '===' become '=='", () => {
    const one = actions("get('$.agent.key') = 'a'");
    expect(applied(one.document, one.actions[0]!)).toBe("get('$.agent.key') == 'a'");
    const three = actions("get('$.agent.key') === 'a'");
    expect(applied(three.document, three.actions[0]!)).toBe("get('$.agent.key') == 'a'");
  });

  test("'===' and '!==' are warnings (UF2105) whose quick fixes write '==' and '!='", () => {
    const { document, actions: list } = actions("get('$.document_metadata.category') === 'blog' and get('$.text') !== ''", {}, undefined);
    expect(list.map((a) => a.title)).toEqual(["Replace '===' with '=='", "Replace '!==' with '!='"]);
    expect(list.every((a) => a.diagnostics![0]?.code === 'UF2105' && a.diagnostics![0]?.severity === 2)).toBe(true);
    expect(applied(document, list[0]!)).toBe("get('$.document_metadata.category') == 'blog' and get('$.text') !== ''");
    expect(applied(document, list[1]!)).toBe("get('$.document_metadata.category') === 'blog' and get('$.text') != ''");
  });

  test('double quotes become single quotes, inner quotes doubled', () => {
    const {
      document,
      actions: [a],
    } = actions(`get('$.agent.key') == "it's"`);
    expect(a!.title).toBe('Use single quotes');
    expect(applied(document, a!)).toBe("get('$.agent.key') == 'it''s'");
  });

  test('only fixes overlapping the requested range', () => {
    const ls = service();
    const document = documentOf("lenght('a') > 1 and get('$.agent.key') = 'x'");
    const diagnostics = ls.doValidation(document);
    const firstWord: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 2 } };
    expect(ls.getCodeActions(document, firstWord, { diagnostics }).map((a) => a.title)).toEqual(["Change to 'length'"]);
  });

  test('quick fixes are offered without the client sending diagnostics, and not when other kinds are asked', () => {
    const ls = service();
    const document = documentOf("lenght('a') > 1");
    expect(ls.getCodeActions(document, whole(document), { diagnostics: [] })).toHaveLength(1);
    expect(ls.getCodeActions(document, whole(document), { diagnostics: [], only: [CodeActionKind.Refactor] })).toEqual([]);
  });
});
