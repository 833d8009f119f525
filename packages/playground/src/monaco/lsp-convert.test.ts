import { DIAGNOSTIC_SOURCE } from '@userfn/lsp/service';
import { describe, expect, it } from 'vitest';
import {
  markerSeverity,
  SERVICE_SOURCE,
  toCodeActions,
  toDiagnostic,
  toHover,
  toLspPosition,
  toMarker,
  toMonacoRange,
  toSignatureHelp,
  toSuggestions,
} from './lsp-convert.js';

const range = { start: { line: 0, character: 4 }, end: { line: 1, character: 2 } };
const monacoRange = { startLineNumber: 1, startColumn: 5, endLineNumber: 2, endColumn: 3 };

describe('LSP to Monaco', () => {
  it('knows the service diagnostics source', () => {
    expect(SERVICE_SOURCE).toBe(DIAGNOSTIC_SOURCE);
  });

  it('shifts positions and ranges from 0-based to 1-based and back', () => {
    expect(toMonacoRange(range)).toEqual(monacoRange);
    expect(toLspPosition({ lineNumber: 3, column: 1 })).toEqual({ line: 2, character: 0 });
  });

  it('maps severities onto Monaco marker severities', () => {
    expect([1, 2, 3, 4, undefined].map((s) => markerSeverity(s as 1))).toEqual([8, 4, 2, 1, 8]);
  });

  it('turns a diagnostic into a marker and back', () => {
    const d = { range, severity: 2 as const, code: 'UF2001', source: 'userfn', message: 'unknown function' };
    const m = toMarker(d);
    expect(m).toEqual({ ...monacoRange, severity: 4, code: 'UF2001', source: 'userfn', message: 'unknown function' });
    expect(toDiagnostic(m)).toEqual(d);
  });

  it('turns completion items into suggestions: the edit range, snippets, untrusted markdown', () => {
    const list = toSuggestions(
      {
        isIncomplete: false,
        items: [
          {
            label: 'status',
            kind: 10,
            textEdit: { range, newText: '.status' },
            filterText: '.status',
            sortText: '0001',
            documentation: { kind: 'markdown', value: '**x**' },
          },
          { label: 'length', kind: 3, insertText: 'length(${1:x})', insertTextFormat: 2, detail: 'length(x)' },
        ],
      },
      { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 },
    );
    expect(list.suggestions[0]).toEqual({
      label: 'status',
      kind: 9,
      insertText: '.status',
      range: monacoRange,
      filterText: '.status',
      sortText: '0001',
      documentation: { value: '**x**', isTrusted: false, supportHtml: false },
    });
    expect(list.suggestions[1]).toMatchObject({ kind: 1, insertText: 'length(${1:x})', insertTextRules: 4, detail: 'length(x)', range: { startColumn: 1 } });
  });

  it('converts hovers and signature help', () => {
    expect(toHover({ contents: { kind: 'markdown', value: 'type: `number`' }, range })).toEqual({
      contents: [{ value: 'type: `number`', isTrusted: false, supportHtml: false }],
      range: monacoRange,
    });
    expect(toHover(null)).toBeNull();
    const help = toSignatureHelp({ signatures: [{ label: 'get(path: string)', parameters: [{ label: [4, 16] }] }], activeSignature: 0, activeParameter: 0 });
    expect(help?.value).toEqual({ signatures: [{ label: 'get(path: string)', parameters: [{ label: [4, 16] }] }], activeSignature: 0, activeParameter: 0 });
    expect(toSignatureHelp({ signatures: [] })).toBeNull();
  });

  it('turns quick fixes into workspace edits linked to their markers', () => {
    const marker = toMarker({ range, severity: 1, code: 'UF2001', source: 'userfn', message: 'm' });
    const actions = toCodeActions(
      [
        {
          title: "Change to 'length'",
          kind: 'quickfix',
          isPreferred: true,
          diagnostics: [{ range, code: 'UF2001', message: 'm' }],
          edit: { changes: { 'file:///a.userfn': [{ range, newText: 'length' }] } },
        },
      ],
      'file:///a.userfn',
      'RESOURCE' as never,
      [marker],
    );
    expect(actions.actions[0]).toEqual({
      title: "Change to 'length'",
      kind: 'quickfix',
      isPreferred: true,
      diagnostics: [marker],
      edit: { edits: [{ resource: 'RESOURCE', textEdit: { range: monacoRange, text: 'length' }, versionId: undefined }] },
    });
  });
});
