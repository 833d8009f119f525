import { describe, expect, it } from 'vitest';
import { earlyWorkerThreads, parseWorkers } from './verify-options.js';

describe('earlyWorkerThreads (read before the CLI loads)', () => {
  it('gives the worker threads of a valid verify command line', () => {
    expect(earlyWorkerThreads(['verify', '--rules', 'r.json', 'in.jsonl', '--workers', '2'])).toBe(1);
    expect(earlyWorkerThreads(['verify', '--workers=4', '--rules', 'r.json', '-', '--timeline'])).toBe(3);
    expect(earlyWorkerThreads(['verify', '--rules', 'r.json', 'in.jsonl'])).toBe(0);
  });

  it('starts none for other commands, --help and command lines the command will refuse', () => {
    for (const argv of [
      ['eval', '--workers', '2'],
      ['verify', '--help', '--rules', 'r.json', 'in.jsonl', '--workers', '2'],
      ['verify', 'in.jsonl', '--workers', '2'],
      ['verify', '--rules', 'r.json', '--workers', '2'],
      ['verify', '--rules', 'r.json', 'a', 'b', '--workers', '2'],
      ['verify', '--rules', 'r.json', 'in.jsonl', '--workers', 'two'],
      ['verify', '--rules', 'r.json', 'in.jsonl', '--workers', '0'],
      ['verify', '--rules', 'r.json', 'in.jsonl', '--workers', '2', '--bogus'],
      [],
    ]) {
      expect([argv, earlyWorkerThreads(argv)]).toEqual([argv, 0]);
    }
  });

  it('reads --workers as an integer from 1 to 256', () => {
    expect(['1', '2', '256'].map(parseWorkers)).toEqual([1, 2, 256]);
    expect(['0', '257', '1.5', '-1', ' 2', '2x', ''].map(parseWorkers)).toEqual(Array(7).fill(undefined));
  });
});
