import { describe, expect, it } from 'vitest';
import { check, Codes } from '../../index.js';
import type { JsonSchema } from '../../common/profiles/schema.js';

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
