import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setTopLevelKey } from './json-splice.js';

const set = (text: string, value = '0.5') => setTopLevelKey(text, 'reward', value, Object.prototype.hasOwnProperty.call(JSON.parse(text), 'reward'));

describe('setTopLevelKey', () => {
  it('appends the key, keeping every other byte', () => {
    expect(set('{"a":1.0,"b":"x"}')).toBe('{"a":1.0,"b":"x","reward":0.5}');
    expect(set('{ "a" : 1e2 }  \r')).toBe('{ "a" : 1e2 ,"reward":0.5}  \r');
    expect(set('{}')).toBe('{"reward":0.5}');
    expect(set('{  }')).toBe('{  "reward":0.5}');
  });

  it('replaces the top-level value where it stands, not nested ones', () => {
    const text = '{"response":{"reward":1.0,"s":"}\\"reward\\":"},"reward":1.0,"_ng_task_index":1}';
    expect(set(text)).toBe('{"response":{"reward":1.0,"s":"}\\"reward\\":"},"reward":0.5,"_ng_task_index":1}');
  });

  it('keeps the white space around the object, the CR of a CRLF line included', () => {
    expect(set(' {"a":1}\r')).toBe(' {"a":1,"reward":0.5}\r');
    expect(set('\t{"reward":1.0} \r')).toBe('\t{"reward":0.5} \r');
  });

  it('sets every occurrence of a repeated key, so any reader (first or last wins) sees the new value', () => {
    expect(set('{"reward":0.0,"a":1,"reward":1.0}')).toBe('{"reward":0.5,"a":1,"reward":0.5}');
  });

  it('replaces values of any shape and a key written with escapes', () => {
    expect(set('{"reward":{"a":[1,{"b":"]"}]},"z":true}')).toBe('{"reward":0.5,"z":true}');
    expect(set('{"rew\\u0061rd":"x"}')).toBe('{"rew\\u0061rd":0.5}');
    expect(set('{"reward":null}')).toBe('{"reward":0.5}');
    expect(set('{"a":"\\\\","reward":-1}')).toBe('{"a":"\\\\","reward":0.5}');
  });

  it('gives the same object as setting the key on the parsed value, for any object with or without the key', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.option(fc.jsonValue()),
        fc.nat(),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (dict, existing, at, spaced, reward) => {
          // Place an existing reward (when there is one) anywhere among the keys.
          const entries = Object.entries(dict).filter(([k]) => k !== 'reward');
          if (existing !== null) entries.splice(at % (entries.length + 1), 0, ['reward', existing]);
          const obj = Object.fromEntries(entries);
          const out = set(JSON.stringify(obj, null, spaced ? 1 : undefined), String(reward));
          const expected = { ...obj, reward };
          expect(JSON.parse(out)).toEqual(expected);
          expect(Object.keys(JSON.parse(out))).toEqual(Object.keys(expected));
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });
});
