import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTAINER_BYTES, JsonWeight, STRING_BYTES } from './json-weight.js';

/** The counts and the weight, byte by byte: what JsonWeight computes with Buffer#indexOf. */
function reference(text: string): { containers: number; strings: number; stringBytes: number; weight: number } {
  const bytes = Buffer.from(text);
  let inString = false;
  let escaping = false;
  let containers = 0;
  let strings = 0;
  let stringBytes = 0;
  let current = 0;
  let pending: number | undefined;
  for (const b of bytes) {
    if (inString) {
      if (escaping) escaping = false;
      else if (b === 0x5c) escaping = true;
      else if (b === 0x22) {
        inString = false;
        pending = current;
        current = 0;
        continue;
      }
      current++;
      continue;
    }
    if (pending !== undefined) {
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      // a key when a `:` follows: not charged
      if (b !== 0x3a) {
        strings++;
        stringBytes += pending;
      }
      pending = undefined;
    }
    if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) containers++;
  }
  const open = (inString ? STRING_BYTES + current : 0) + (pending === undefined ? 0 : STRING_BYTES + pending);
  return { containers, strings, stringBytes, weight: Math.max(bytes.length, containers * CONTAINER_BYTES + strings * STRING_BYTES + stringBytes + open) };
}

function weigh(chunks: Buffer[]): JsonWeight {
  const w = new JsonWeight();
  for (const c of chunks) w.add(c);
  return w;
}

const counts = (w: JsonWeight) => ({ containers: w.containers, strings: w.strings, stringBytes: w.stringBytes, weight: w.weight });

const TRICKY = [
  '{"a":[1,2,{"b":"x{y[z"}],"c":"quote \\" inside","d":"ends in backslash \\\\","e":[]}',
  '["\\\\\\"", "\\\\", "\\"{[", {}, [[]], "é ü 日本"]',
  '{"text":"function f() { return [1, {a: \\"b\\"}]; }","n":[0,0,0]}',
  '"just a string with \\\\\\\\ and \\" and {"',
  '[[[[[[[[]]]]]]]]',
  '{ "key" : "value", "k2"\t:\n[ "v" ,"w"] , "last" }',
  '"a top-level string"',
  '"unfinished',
];

describe('JsonWeight', () => {
  it('counts objects, arrays and strings outside strings, escapes honoured', () => {
    for (const text of TRICKY) expect(counts(weigh([Buffer.from(text)])), text).toEqual(reference(text));
    // the key is not charged, the value is
    expect(counts(weigh([Buffer.from('{"a":"[{"}')]))).toEqual({ containers: 1, strings: 1, stringBytes: 2, weight: CONTAINER_BYTES + STRING_BYTES + 2 });
    expect(counts(weigh([Buffer.from('{"a" : 1, "bb"\n:"c"}')]))).toMatchObject({ containers: 1, strings: 1, stringBytes: 1 });
  });

  it('weighs the same however the body is split, at every byte', () => {
    for (const text of TRICKY) {
      const bytes = Buffer.from(text);
      for (let cut = 0; cut <= bytes.length; cut++) {
        expect(counts(weigh([bytes.subarray(0, cut), bytes.subarray(cut)])), `${text} cut at ${cut}`).toEqual(reference(text));
      }
      // one byte at a time
      expect(counts(weigh([...bytes].map((b) => Buffer.from([b]))))).toEqual(reference(text));
    }
  });

  it('agrees with the byte-by-byte count on any JSON, split anywhere', () => {
    fc.assert(
      fc.property(fc.json(), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const bytes = Buffer.from(text);
        const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((start, i) => bytes.subarray(start, [...at, bytes.length][i]));
        expect(counts(weigh(chunks))).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });

  it('weighs JSON made of small objects, arrays or strings far above its bytes, and plain data at its bytes', () => {
    const emptyObjects = Buffer.from(`[${Array(1000).fill('{}').join(',')}]`);
    expect(weigh([emptyObjects]).weight).toBe(1001 * CONTAINER_BYTES);
    expect(weigh([emptyObjects]).weight / emptyObjects.length).toBeGreaterThan(21);
    const shortStrings = Buffer.from(`[${Array.from({ length: 1000 }, (_, i) => `"${i % 100}"`).join(',')}]`);
    expect(weigh([shortStrings]).weight / shortStrings.length).toBeGreaterThan(6);
    const rollout = Buffer.from(
      JSON.stringify({ output: 'x'.repeat(10_000), token_ids: Array.from({ length: 10_000 }, (_, i) => i * 7), logprobs: Array(5000).fill(-0.25) }),
    );
    const w = weigh([rollout]);
    expect(w.weight).toBe(rollout.length);
    expect(w.bytes).toBe(rollout.length);
    expect(w.containers * CONTAINER_BYTES + w.strings * STRING_BYTES + w.stringBytes).toBeLessThan(rollout.length);
    // OpenAI-style log-prob objects: their keys are not charged, so they weigh a few times their bytes, not more
    const logprobs = Buffer.from(
      JSON.stringify({ content: Array.from({ length: 2000 }, (_, i) => ({ token: `t${i}`, logprob: -0.5, bytes: [116], top_logprobs: [] })) }),
    );
    expect(weigh([logprobs]).weight / logprobs.length).toBeLessThan(4);
  });
});
