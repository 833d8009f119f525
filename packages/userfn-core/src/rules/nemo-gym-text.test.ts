import { describe, expect, it } from 'vitest';
import { messageOutput, withoutThinking } from './nemo-gym-text.js';

const m = (...texts: string[]) => ({ type: 'message', role: 'assistant', content: texts.map((text) => ({ type: 'output_text', text, annotations: [] })) });

describe('withoutThinking', () => {
  it('removes every think block and trims what is left', () => {
    expect(withoutThinking('<think>a</think> x <think>b</think> y ')).toBe('x  y');
    expect(withoutThinking('plain  ')).toBe('plain  ');
  });

  it('treats text before a lone closing tag as reasoning, and an unclosed block as running to the end', () => {
    expect(withoutThinking('thought\n</think>\nanswer')).toBe('answer');
    expect(withoutThinking('answer first <think>then thinking that never')).toBe('answer first');
  });

  it('removes a block nested in a block with it, and takes every lone closing tag as the end of reasoning', () => {
    expect(withoutThinking('<think>\nplan\n<think>\nreconsider\n</think>\n</think>\n```python\npass\n```')).toBe('```python\npass\n```');
    expect(withoutThinking('a</think>b</think> answer')).toBe('answer');
    expect(withoutThinking('<think>a</think> x </think> y')).toBe('y');
    expect(withoutThinking('x <think>a <think>b</think> still thinking')).toBe('x');
  });

  it('matches the tags exactly: other tags and other case stay text', () => {
    expect(withoutThinking('<Think>x</Think> y')).toBe('<Think>x</Think> y');
    expect(withoutThinking('<thinking>x</thinking>')).toBe('<thinking>x</thinking>');
  });
});

describe('messageOutput', () => {
  it('parses a whole fenced block tagged json or untagged, with or without a final newline', () => {
    expect(messageOutput(m('```json\n{"a": 1}\n```'))).toEqual({ a: 1 });
    expect(messageOutput(m('```\n{"a": 1}```'))).toEqual({ a: 1 });
    expect(messageOutput(m('```JSON\r\n{"a": 1}\r\n```\n'))).toEqual({ a: 1 });
  });

  it('keeps as text a fenced block among prose, one in another language, a fenced list and invalid JSON', () => {
    for (const text of ['Here:\n```json\n{"a": 1}\n```', '```python\n{"a": 1}\n```', '```json\n[1, 2]\n```', '```json\n{"a": }\n```']) {
      expect(messageOutput(m(text))).toEqual({ text });
    }
  });

  it('takes a whole JSON object as it is, even when one of its strings holds a think tag', () => {
    expect(messageOutput(m('{"note": "</think> is a tag"}'))).toEqual({ note: '</think> is a tag' });
  });

  it('joins text parts before removing reasoning, so a tag split across parts is still found', () => {
    expect(messageOutput(m('<think>plan', '</think>\n\n', 'answer'))).toEqual({ text: 'answer' });
  });

  it('gives { refusal } for a refusal alone, { text, refusal } with text, and keeps an empty refusal visible', () => {
    expect(messageOutput({ content: [{ type: 'refusal', refusal: 'No.' }] })).toEqual({ refusal: 'No.' });
    expect(messageOutput({ content: [{ type: 'refusal', refusal: '' }] })).toEqual({ refusal: '' });
    expect(
      messageOutput({
        content: [
          { type: 'output_text', text: '{"a":1}' },
          { type: 'refusal', refusal: 'No.' },
        ],
      }),
    ).toEqual({ text: '{"a":1}', refusal: 'No.' });
  });
});
