import { describe, expect, it } from 'vitest';
import { T } from '../types/type.js';
import { isStringSchema, lookupMember, memberSchema, OPEN, schemaType, UNDECLARED, type JsonSchema } from './schema.js';

describe('schemaType', () => {
  it('reads the one type a schema declares besides null', () => {
    expect(schemaType({ type: 'number' })).toBe(T.number);
    expect(schemaType({ type: 'integer' })).toBe(T.number);
    expect(schemaType({ type: ['string', 'null'] })).toBe(T.string);
    expect(schemaType({ type: ['null', 'boolean'] })).toBe(T.boolean);
    expect(schemaType({ type: 'array', items: { type: 'string' } })).toEqual(T.list(T.string));
  });

  it('is dyn for several types, none or an unknown one, and object for bare properties', () => {
    expect(schemaType({ type: ['string', 'number'] })).toBe(T.dyn);
    expect(schemaType({ type: ['string', 'null', 'string'] })).toBe(T.dyn);
    expect(schemaType({ type: 'null' })).toBe(T.dyn);
    expect(schemaType({})).toBe(T.dyn);
    expect(schemaType({ type: 'date' })).toBe(T.dyn);
    expect(schemaType({ properties: { a: {} } })).toBe(T.object);
    expect(schemaType({ type: ['null'], properties: { a: {} } })).toBe(T.object);
    expect(schemaType(undefined)).toBe(T.dyn);
  });

  it('reads a malformed type as none, without throwing (a host schema is data)', () => {
    expect(schemaType({ type: 5 } as unknown as JsonSchema)).toBe(T.dyn);
    expect(schemaType({ type: { a: 1 }, properties: {} } as unknown as JsonSchema)).toBe(T.object);
  });
});

describe('lookupMember and memberSchema', () => {
  const a: JsonSchema = { type: 'string' };
  const listed: JsonSchema = { type: 'object', properties: { a, b: {} } };

  it('finds a declared member, the additionalProperties schema, or says open / undeclared', () => {
    expect(lookupMember(listed, 'a')).toEqual({ kind: 'declared', schema: a });
    expect(lookupMember(listed, 'zz')).toEqual({ kind: 'undeclared', known: ['a', 'b'] });
    expect(lookupMember({ properties: { a }, additionalProperties: true }, 'zz')).toEqual({ kind: 'open' });
    expect(lookupMember({ properties: { a }, additionalProperties: a }, 'zz')).toEqual({ kind: 'declared', schema: a });
    expect(lookupMember({ type: 'object' }, 'zz')).toEqual({ kind: 'open' });
    expect(lookupMember(undefined, 'a')).toEqual({ kind: 'open' });
    // an inherited name is not a member
    expect(lookupMember(listed, 'constructor').kind).toBe('undeclared');
  });

  it('gives the same answers without a result object', () => {
    expect(memberSchema(listed, 'a')).toBe(a);
    expect(memberSchema(listed, 'b')).toEqual({});
    expect(memberSchema(listed, 'zz')).toBe(UNDECLARED);
    expect(memberSchema({ type: 'object' }, 'zz')).toBe(OPEN);
    expect(memberSchema(undefined, 'zz')).toBe(OPEN);
  });

  it('knows a string schema', () => {
    expect(isStringSchema(a)).toBe(true);
    expect(isStringSchema({ type: ['null', 'string'] })).toBe(true);
    expect(isStringSchema({ type: ['string', 'number'] })).toBe(false);
    expect(isStringSchema(listed)).toBe(false);
    expect(isStringSchema(undefined)).toBe(false);
    // host data: a member's schema may be anything
    expect(isStringSchema(null as unknown as JsonSchema)).toBe(false);
    expect(isStringSchema({ type: [['string']] } as unknown as JsonSchema)).toBe(false);
    expect(schemaType({ type: [['string']] } as unknown as JsonSchema)).toBe(T.dyn);
    expect(schemaType({ type: [['string'], 'number'] } as unknown as JsonSchema)).toBe(T.dyn);
  });
});
