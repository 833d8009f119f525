import { describe, expect, it } from 'vitest';
import { check, Codes } from '../../index.js';
import type { JsonSchema } from '../../common/profiles/schema.js';
import { PROFILES } from '../../common/profiles/profiles.js';

/** A host's context schema is data: malformed parts declare nothing, never an internal error. */
describe('typing a literal path against a malformed context schema', () => {
  const typed = (source: string, schema: unknown) => {
    const r = check(source, { profile: 'any', contextSchema: schema as JsonSchema });
    return { type: r.type, codes: r.diagnostics.map((d) => d.code) };
  };

  it('reads through a member whose schema is null, false or not an object as through an undeclared one', () => {
    for (const member of [null, false, true, 5, 'string']) {
      expect(typed("get('$.a.b')", { type: 'object', properties: { a: member } })).toEqual({ type: 'dyn', codes: [] });
    }
  });

  it('counts a type entry that is not a string as a type it does not know', () => {
    // not `string`: no read-through-string warning, and no type from it
    expect(typed("get('$.a.b')", { type: 'object', properties: { a: { type: [['string']] } } })).toEqual({ type: 'dyn', codes: [] });
    expect(typed("get('$.a')", { type: 'object', properties: { a: { type: [7, 'null'] } } })).toEqual({ type: 'dyn', codes: [] });
  });

  it('reads a type that is neither a string nor a list as none', () => {
    expect(typed("get('$.a')", { type: 'object', properties: { a: { type: 5 } } })).toEqual({ type: 'dyn', codes: [] });
    expect(typed("get('$.a.b')", { type: 'object', properties: { a: { type: { x: 1 }, properties: { b: { type: 'number' } } } } })).toEqual({
      type: 'number',
      codes: [],
    });
  });

  it('still types and warns on a well-formed schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, n: { type: 'number' } } };
    expect(typed("get('$.n')", schema)).toEqual({ type: 'number', codes: [] });
    expect(typed("get('$.a.b')", schema).codes).toEqual([Codes.ReadThroughString]);
    expect(typed("get('$.zz')", schema).codes).toEqual([Codes.UndeclaredPath]);
  });
});

describe('the types of paths through the built-in schemas, kept between compiles', () => {
  it('freezes every built-in schema through and through: no host changes the checking of the others', () => {
    const schema = PROFILES.verification.schema!;
    expect(() => {
      (schema.properties as Record<string, JsonSchema>).extra = { type: 'string' };
    }).toThrow(TypeError);
    expect(() => {
      (schema.properties!.tool_calls!.items!.properties!.name as { type: string }).type = 'number';
    }).toThrow(TypeError);
    expect(() => {
      (PROFILES.reranker.schema!.properties!.score as { type: string }).type = 'string';
    }).toThrow(TypeError);
    // nor is a profile's schema swapped for another
    expect(() => {
      (PROFILES.verification as { schema: JsonSchema }).schema = { type: 'object' };
    }).toThrow(TypeError);
  });

  it('types a kept path as the first time, and reports a path that warns at every compile, at its own place', () => {
    for (let i = 0; i < 3; i++) {
      // typed string, kept: a number beside it never equals it, and comparing it with a number is an error
      expect(check("get('$.agent.key') == 1").diagnostics.map((d) => d.code)).toEqual([Codes.NeverEqual]);
      expect(check("get('$.tool_calls[0].name') > 1").diagnostics.map((d) => d.code)).toEqual([Codes.TypeMismatch]);
      const warned = check(`${' '.repeat(i)}get('$.agent.kye') == 'x'`).diagnostics;
      expect(warned.map((d) => [d.code, d.span.start])).toEqual([[Codes.UndeclaredPath, i + 13]]);
    }
  });

  it("keeps a path's type per schema: a member one profile declares is undeclared in another", () => {
    for (let i = 0; i < 2; i++) {
      expect(check("get('$.response.status') == 'x'", { profile: 'verification' }).diagnostics).toEqual([]);
      expect(check("get('$.response.status') == 'x'", { profile: 'transition' }).diagnostics.map((d) => d.code)).toEqual([Codes.UndeclaredPath]);
    }
  });

  it('types a path through a host schema anew each time: the host may change it between compiles', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const codes = () => check("get('$.a') > 1", { profile: 'any', contextSchema: schema }).diagnostics.map((d) => d.code);
    expect(codes()).toEqual([Codes.TypeMismatch]);
    schema.properties.a.type = 'number';
    expect(codes()).toEqual([]);
  });
});
