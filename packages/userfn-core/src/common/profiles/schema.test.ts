import { describe, expect, it } from 'vitest';
import { T } from '../types/type.js';
import { schemaType, type JsonSchema } from './schema.js';

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
