import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCache } from './analysis-cache.js';
import { resolveConfig } from './config.js';
import { changeBetween, editModel } from './model-edit.js';
import { buildModel, type DocumentModel, type ModelSettings } from './model.js';
import { checkedServices } from '../test-support/service.js';

const URI = 'file:///contract.rules.json';
const settings = (): ModelSettings => ({ config: resolveConfig({}), analyses: new AnalysisCache() });
const doc = (text: string, version: number) => TextDocument.create(URI, 'json', version, text);

const RULES = {
  name: 'edits',
  rules: [
    { id: 'a', condition: "get('$.output.text') != null", message: 'm' },
    { id: 'b', condition: 'get(\'$.output.status\') == "done"', weight: 2 },
    { id: 'c', condition: "called('search') and get('$.output.confidence') >= 0.8" },
    // a judge object after edited conditions moves with them (field completion reads its span)
    { id: 'j', when: "called('refund')", judge: { prompt: 'The reply is polite.', include: ['output'] } },
    { id: 'b', condition: "lenght(get('$.output.text')) > 0" },
    { id: 'e', condition: "get('$.tools.x.outputs.latest') \u00e9 1", severity: 'warnin' },
  ],
};
const TEXT = `${JSON.stringify(RULES, null, 2)}\n`;

/** Everything a feature reads from a model, with every offset of every map: two models that agree here serve the same answers. */
function observable(m: DocumentModel) {
  return {
    text: m.text,
    problems: m.problems,
    judges: m.judges,
    sources: m.sources.map((s) => ({
      source: s.source,
      start: s.start,
      end: s.end,
      ruleId: s.ruleId,
      exact: s.map.exact,
      toDocument: Array.from({ length: s.source.length + 1 }, (_, i) => s.map.toDocument(i)),
      toSource: Array.from({ length: s.end - s.start + 2 }, (_, k) => s.map.toSource(s.start - 1 + k)),
      literal: s.literal?.value,
      requote: s.literal?.requote('x'),
      diagnostics: s.analysis.diagnostics.map((d) => [d.code, d.span.start, d.span.end]),
    })),
  };
}

/** An edit inside condition `i` of `text`: delete `del` characters at `at` (a fraction of the way) and insert `ins`. */
function editInside(text: string, model: DocumentModel, i: number, at: number, del: number, ins: string): string {
  const s = model.sources[i % model.sources.length]!;
  const inner = s.end - 1 - (s.start + 1);
  const start = s.start + 1 + Math.floor(at * inner);
  const end = Math.min(s.end - 1, start + del);
  return text.slice(0, start) + ins + text.slice(end);
}

describe('editing a condition of a JSON rule set', () => {
  it('gives the model a full read gives, through any sequence of edits inside conditions', () => {
    const insert = fc.oneof(fc.constantFrom('', 'x', ' ', "'", '\\"', '\\n', '\\u0041', '$.', ')', ' and true', 'é', '😀'), fc.string({ maxLength: 6 }));
    const edit = fc.record({ i: fc.nat(), at: fc.double({ min: 0, max: 1, noNaN: true }), del: fc.nat(4), ins: insert });
    let fastTotal = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
        const s = settings();
        let text = TEXT;
        let model = buildModel(doc(text, 1), s);
        let fast = 0;
        for (const [k, e] of edits.entries()) {
          // an edit that broke the file's JSON leaves no condition to edit further
          if (model.sources.length === 0) break;
          const next = editInside(text, model, e.i, e.at, e.del, e.ins);
          const document = doc(next, k + 2);
          const full = buildModel(document, settings());
          const edited = editModel(model, document, s);
          if (edited !== undefined) {
            fast++;
            expect(observable(edited)).toEqual(observable(full));
          }
          text = next;
          model = edited ?? full;
        }
        fastTotal += fast;
      }),
      { numRuns: 300 },
    );
    // most edits take the fast path (the property compared them); the rest broke the JSON or emptied a condition
    expect(fastTotal).toBeGreaterThan(300);
  });

  it('takes the fast path for an ordinary edit, and reads the file again when it must', () => {
    const s = settings();
    const model = buildModel(doc(TEXT, 1), s);
    const typed = TEXT.replace('!= null', '!= nul');
    expect(editModel(model, doc(typed, 2), s)?.sources[0]?.source).toBe("get('$.output.text') != nul");
    // outside any condition, across a string's quotes, a problem on the edited string, an emptied condition, a broken file
    expect(editModel(model, doc(TEXT.replace('"name"', '"nome"'), 2), s)).toBeUndefined();
    expect(editModel(model, doc(TEXT.replace('!= null",', '!= null", "x'), 2), s)).toBeUndefined();
    expect(editModel(model, doc(TEXT.replace("called('search')", 'called(\\"search\\")'), 2), s)).toBeDefined();
    expect(editModel(model, doc(TEXT.replace("get('$.output.text') != null", ' '), 2), s)).toBeUndefined();
    const broken = buildModel(doc(TEXT.replace('"name"', 'name'), 1), s);
    expect(editModel(broken, doc(TEXT.replace('"name"', 'name').replace('!= null', '!= nul'), 2), s)).toBeUndefined();
  });

  it('serves a new version with the same text from the previous model, for any kind of document', () => {
    const s = settings();
    const model = buildModel(doc(TEXT, 1), s);
    const again = editModel(model, doc(TEXT, 2), s)!;
    expect([again.version, again.sources, again.problems]).toEqual([2, model.sources, model.problems]);
    const expr = TextDocument.create('file:///a.userfn', 'userfn', 1, '1 +');
    const exprModel = buildModel(expr, s);
    expect(editModel(exprModel, TextDocument.create('file:///a.userfn', 'userfn', 2, '1 +'), s)?.version).toBe(2);
    expect(editModel(exprModel, TextDocument.create('file:///a.userfn', 'userfn', 3, '1 + 2'), s)).toBeUndefined();
  });

  it("keeps each unchanged condition's analysis: only the edited one is checked again", () => {
    const s = settings();
    const model = buildModel(doc(TEXT, 1), s);
    const before = model.sources.map((x) => x.analysis);
    const edited = editModel(model, doc(TEXT.replace('>= 0.8', '>= 0.9'), 2), s)!;
    const after = edited.sources.map((x) => x.analysis);
    expect(after.map((a, i) => a === before[i])).toEqual([true, true, false, true, true, true]);
  });

  it('finds the smallest change between two texts', () => {
    expect(changeBetween('abcdef', 'abXYef')).toEqual({ start: 2, oldEnd: 4, newEnd: 4 });
    expect(changeBetween('aaa', 'aaaa')).toEqual({ start: 3, oldEnd: 3, newEnd: 4 });
    expect(changeBetween('same', 'same')).toEqual({ start: 4, oldEnd: 4, newEnd: 4 });
  });

  it('finds the same change a character-by-character scan finds, in long texts too (the block scan)', () => {
    const naive = (a: string, b: string) => {
      let start = 0;
      while (start < Math.min(a.length, b.length) && a[start] === b[start]) start++;
      let suffix = 0;
      while (suffix < Math.min(a.length, b.length) - start && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
      return { start, oldEnd: a.length - suffix, newEnd: b.length - suffix };
    };
    const base = 'ab'.repeat(3000) + 'x'.repeat(2500);
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(50), fc.string({ maxLength: 3000 }), (at, del, ins) => {
        const after = base.slice(0, at) + ins + base.slice(at + del);
        expect(changeBetween(base, after)).toEqual(naive(base, after));
      }),
      { numRuns: 200 },
    );
  });
});

describe('the language service through edits', () => {
  const service = checkedServices();

  it('publishes after each edit what a fresh service publishes for that text', () => {
    const ls = service();
    let text = TEXT;
    const steps = ['!= null|!= nul', '>= 0.8|>= 0.85', 'lenght|length', "called('search')|called('serch')", '!= nul|!= null'];
    steps.forEach((step, k) => {
      const [from, to] = step.split('|') as [string, string];
      text = text.replace(from, to);
      const document = doc(text, k + 2);
      expect(ls.doValidation(document)).toEqual(service().doValidation(document));
    });
  });
});
