import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createLanguageService } from '../service/index.js';
import { currentDiagnostics } from './publish.js';
import { ValidationScheduler } from './validation-scheduler.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The server's wiring of validation, with fake timers: documents by URI, a debounced publish, what was sent. */
function wiring() {
  const service = createLanguageService();
  const documents = new Map<string, TextDocument>();
  const validated: Array<{ version: number; text: string }> = [];
  const sent: PublishDiagnosticsParams[] = [];
  const validate = (d: TextDocument) => {
    validated.push({ version: d.version, text: d.getText() });
    return service.doValidation(d);
  };
  const scheduler = new ValidationScheduler(
    (uri) => {
      const params = currentDiagnostics(documents, uri, validate);
      if (params) sent.push(params);
    },
    { delayMs: 100, maxWaitMs: 1000 },
  );
  const edit = (uri: string, text: string) => {
    const before = documents.get(uri);
    documents.set(uri, before ? TextDocument.update(before, [{ text }], before.version + 1) : TextDocument.create(uri, 'userfn', 1, text));
    scheduler.schedule(uri);
  };
  return { documents, validated, sent, edit };
}

describe('publishing diagnostics', () => {
  test('an edit while a validation waits is validated and published at its own version only', () => {
    const w = wiring();
    const uri = 'file:///w/a.userfn';
    w.edit(uri, 'true');
    vi.advanceTimersByTime(50);
    w.edit(uri, 'lenght(1)');
    vi.advanceTimersByTime(200);
    expect(w.validated).toEqual([{ version: 2, text: 'lenght(1)' }]);
    expect(w.sent.map((p) => [p.version, p.diagnostics.map((d) => d.code)])).toEqual([[2, ['UF2001']]]);
  });

  test('the version published is the version validated, edit after edit', () => {
    const w = wiring();
    const uri = 'file:///w/b.userfn';
    for (const text of ['true', 'lenght(1)', '1 +', 'true']) {
      w.edit(uri, text);
      vi.advanceTimersByTime(150);
    }
    expect(w.sent.map((p) => p.version)).toEqual([1, 2, 3, 4]);
    expect(w.sent.map((p) => p.version)).toEqual(w.validated.map((v) => v.version));
    expect(w.sent.map((p) => p.diagnostics.length > 0)).toEqual([false, true, true, false]);
  });

  test('a document closed before its validation runs gets nothing', () => {
    const w = wiring();
    const uri = 'file:///w/c.userfn';
    w.edit(uri, 'lenght(1)');
    w.documents.delete(uri);
    vi.advanceTimersByTime(200);
    expect(w.validated).toEqual([]);
    expect(w.sent).toEqual([]);
  });
});
