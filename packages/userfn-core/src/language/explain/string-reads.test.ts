import { describe, expect, it } from 'vitest';
import { analyze, check, compile } from '../../index.js';
import { Codes } from '../../common/diagnostics/codes.js';

const session = (latest: unknown) => ({ tools: { search_kb: { outputs: { latest } } } });

describe('a path that reads through a string', () => {
  it('explains a false condition by naming the string and the json_get form', () => {
    const c = compile("get('$.tools.search_kb.outputs.latest.count') > 0", { profile: 'verification' });
    const reason = c.explain(session('{"count":2}')).reason!;
    expect(reason).toContain("get('$.tools.search_kb.outputs.latest.count') reads nothing because '$.tools.search_kb.outputs.latest' is a string");
    expect(reason).toContain("json_get(get('$.tools.search_kb.outputs.latest'), '$.count')");
  });

  it('says it also when a default stood in for the value', () => {
    const c = compile("get('$.tools.search_kb.outputs.latest.count', 0) > 0", { profile: 'verification' });
    expect(c.explain(session('{"count":2}')).reason).toContain("json_get(get('$.tools.search_kb.outputs.latest'), '$.count')");
  });

  it('says it through list indexes too, and only when the walk met a string', () => {
    const c = compile("get('$.tool_calls[0].output.hits') > 0", { profile: 'verification' });
    expect(c.explain({ tool_calls: [{ name: 's', output: '{"hits":0}' }] }).reason).toContain("json_get(get('$.tool_calls[0].output'), '$.hits')");
    // an object output is read by the path itself: no note
    expect(c.explain({ tool_calls: [{ name: 's', output: { hits: 0 } }] }).reason).not.toContain('json_get');
    // nothing there at all: no note
    expect(c.explain({}).reason).not.toContain('json_get');
    // an index from the end, and one past the end (nothing there: no note)
    const last = compile("get('$.tool_calls[-1].output.hits') > 0", { profile: 'verification' });
    const calls = [{ output: { hits: 0 } }, { output: '{"hits":0}' }];
    expect(last.explain({ tool_calls: calls }).reason).toContain("json_get(get('$.tool_calls[-1].output'), '$.hits')");
    expect(compile("get('$.tool_calls[2].output.hits') > 0", { profile: 'verification' }).explain({ tool_calls: calls }).reason).not.toContain('json_get');
    // a string where the path ends is the value itself, not a read through a string
    expect(compile("get('$.tool_calls[1].output') == 'x'", { profile: 'verification' }).explain({ tool_calls: calls }).reason).not.toContain('json_get');
  });

  it('names the json_get form as source a user can copy: quotes in the path are doubled, and it reads the value', () => {
    const source = `get('$.tools[''search kb''].outputs.latest["it''s"]') == 1`;
    const context = { tools: { 'search kb': { outputs: { latest: '{"it\'s": 1}' } } } };
    const reason = compile(source, { profile: 'verification' }).explain(context).reason!;
    expect(reason).toContain(`get('$.tools[''search kb''].outputs.latest["it''s"]') reads nothing`);
    const form = /with (json_get\(.*\))$/.exec(reason)![1]!;
    expect(form).toBe(`json_get(get('$.tools[''search kb''].outputs.latest'), '$["it''s"]')`);
    expect(compile(form, { profile: 'any' }).evaluate(context)).toBe(1);
  });

  it('says it for wildcards that select only strings, naming the json_get form that reads one of them', () => {
    const c = compile("sum(get('$.tool_calls[*].output.hits')) > 0", { profile: 'verification' });
    const context = {
      tool_calls: [
        { name: 's', output: '{"hits":1}' },
        { name: 's', output: '{"hits":2}' },
      ],
    };
    const reason = c.explain(context).reason!;
    expect(reason).toContain(
      "get('$.tool_calls[*].output.hits') reads nothing because '$.tool_calls[*].output' selects strings: a path cannot read inside them; if they hold JSON text, read inside one at a time with json_get(get('$.tool_calls[0].output'), '$.hits')",
    );
    expect(compile("json_get(get('$.tool_calls[0].output'), '$.hits')", { profile: 'any' }).evaluate(context)).toBe(1);
    // parsed outputs, or strings among objects: the path reads what it can, nothing to say
    expect(c.explain({ tool_calls: [{ output: { hits: 0 } }] }).reason).not.toContain('json_get');
    expect(c.explain({ tool_calls: [{ output: { hits: 0 } }, { output: '{"hits":2}' }] }).reason).not.toContain('json_get');
    // a filter ends the walk: no guess
    expect(compile("get('$.tool_calls[?@.name == ''s''].output.hits') != []", { profile: 'verification' }).explain(context).reason).not.toContain('json_get');
  });

  it('reads a parsed object under latest with get, with no warning and no error', () => {
    const c = compile("get('$.tools.search_kb.outputs.latest.hits') > 0", { profile: 'verification' });
    expect(c.evaluate(session({ hits: 2 }))).toBe(true);
    expect(c.diagnostics).toEqual([]);
  });

  it('warns at check time (UF2106) where the schema types the value as a string', () => {
    const r = check("get('$.agent.name.first') != null", { profile: 'transition' });
    const w = r.diagnostics.find((d) => d.code === Codes.ReadThroughString)!;
    expect(w.severity).toBe('warning');
    expect(w.message).toContain("'$.agent.name' is a string");
    expect(w.hint).toContain("json_get(get('$.agent.name'), '$.first')");
    expect("get('$.agent.name.first') != null".slice(w.span.start, w.span.end)).toBe('.first');
  });
});

describe('sampleStringReadWarnings (the language service with a sample context)', () => {
  it('warns (UF2106) at the part of the path past a string of the sample, quotes doubled in the source', () => {
    const source = "get('$.tools.search_kb.outputs.latest.count') > 0 and get('$.agent.metadata[''o\\''k''].x') == 1";
    const sample = { tools: { search_kb: { outputs: { latest: '{"count":1}' } } }, agent: { metadata: { "o'k": 'text' } } };
    const ws = analyze(source, { profile: 'verification' }).stringReadWarnings(sample);
    expect(ws.map((w) => [w.code, w.severity, source.slice(w.span.start, w.span.end)])).toEqual([
      ['UF2106', 'warning', '.count'],
      ['UF2106', 'warning', '.x'],
    ]);
    expect(ws[0]!.message).toBe("in the sample context, '$.tools.search_kb.outputs.latest' is a string: a path cannot read inside it, so this gives null");
    // a parsed object in the sample: nothing to say
    expect(analyze(source, { profile: 'verification' }).stringReadWarnings({ tools: { search_kb: { outputs: { latest: { count: 1 } } } } })).toEqual([]);
  });
  it('warns for a wildcard that selects only strings of the sample, and walks a long list without spreading it', () => {
    const source = "get('$.tool_calls[*].output.hits') != []";
    const outputs = Array.from({ length: 200_000 }, () => ({ output: '{"hits":1}' }));
    const [w] = analyze(source, { profile: 'verification' }).stringReadWarnings({ tool_calls: outputs });
    expect(w!.message).toBe("in the sample context, '$.tool_calls[*].output' selects strings: a path cannot read inside them, so this gives an empty list");
    expect(w!.hint).toBe("if they hold JSON text, read inside one at a time with json_get(get('$.tool_calls[0].output'), '$.hits')");
  });
});
