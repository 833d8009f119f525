import { createToken, EmbeddedActionsParser, Lexer } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { endRecording, RECORDING_METHODS } from './recording.js';

const A = createToken({ name: 'A', pattern: /a/ });
const B = createToken({ name: 'B', pattern: /b/ });
const lexer = new Lexer([A, B]);

/** A small grammar using several DSL methods, ending its recording either Chevrotain's way or ours. */
class Tiny extends EmbeddedActionsParser {
  constructor(private readonly ours: boolean) {
    super([A, B], { maxLookahead: 1 });
    this.performSelfAnalysis();
  }

  disableRecording(): void {
    if (this.ours) endRecording(this);
    else (EmbeddedActionsParser.prototype as unknown as { disableRecording(): void }).disableRecording.call(this);
  }

  top = this.RULE('top', (): string => {
    let out = '';
    this.MANY(() => {
      out += this.OR([{ ALT: () => this.CONSUME(A).image }, { ALT: () => this.SUBRULE(this.bee) }]);
    });
    this.OPTION(() => {
      out += `!${this.CONSUME2(B).image}`;
    });
    return out;
  });

  bee = this.RULE('bee', (): string => this.CONSUME(B).image.toUpperCase());
}

const run = (parser: Tiny, text: string) => {
  parser.input = lexer.tokenize(text).tokens;
  return { value: parser.top(), errors: parser.errors.length };
};

const own = (o: object) => new Set(Object.getOwnPropertyNames(o));

describe('endRecording', () => {
  it('names exactly the properties Chevrotain’s enableRecording puts on the instance', () => {
    const parser = new Tiny(false);
    const before = own(parser);
    (parser as unknown as { enableRecording(): void }).enableRecording();
    const added = [...own(parser)].filter((name) => !before.has(name));
    expect(new Set(added)).toEqual(new Set(RECORDING_METHODS));
  });

  it('leaves every DSL method the prototype’s and recording off, so parsing works as with Chevrotain’s deletes', () => {
    const ours = new Tiny(true);
    const theirs = new Tiny(false);
    const prototype = Object.getPrototypeOf(ours) as Record<string, unknown>;
    for (const name of RECORDING_METHODS) expect((ours as unknown as Record<string, unknown>)[name]).toBe(prototype[name]);
    expect((ours as unknown as { RECORDING_PHASE: boolean }).RECORDING_PHASE).toBe(false);
    for (const text of ['', 'a', 'ab', 'bab', 'aab', 'ba']) expect(run(ours, text)).toEqual(run(theirs, text));
    expect(run(ours, 'abab')).toEqual({ value: 'aBaB', errors: 0 });
  });
});
