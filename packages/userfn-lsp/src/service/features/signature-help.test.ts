import { describe, expect, test } from 'vitest';
import { withCursor } from '../../test-support/cursor.js';
import { checkedServices } from '../../test-support/service.js';

const service = checkedServices();

function help(text: string) {
  const ls = service();
  const { document, position } = withCursor(text);
  return ls.doSignatureHelp(document, position);
}

describe('doSignatureHelp', () => {
  test('the signatures and the active parameter', () => {
    const h = help('round(|')!;
    expect(h.signatures.map((s) => s.label)).toEqual(['round(x: number) -> number', 'round(x: number, digits: number) -> number']);
    expect(h.activeSignature).toBe(0);
    expect(h.activeParameter).toBe(0);
  });

  test('the second argument selects the overload that has one', () => {
    const h = help('round(1.5, |')!;
    expect(h.activeSignature).toBe(1);
    expect(h.activeParameter).toBe(1);
    const sig = h.signatures[1]!;
    const [start, end] = sig.parameters![1]!.label as [number, number];
    expect(sig.label.slice(start, end)).toBe('digits: number');
  });

  test('commas inside nested calls and lists do not count', () => {
    expect(help("contains(lower(get('$.a', 'x')), |")!.activeParameter).toBe(1);
    expect(help("called_in_order(['a', 'b', |])")!.signatures[0]!.label).toContain('called_in_order');
    expect(help("called_in_order(['a', 'b', |])")!.activeParameter).toBe(0);
    expect(help('contains(lower(|')!.signatures[0]!.label).toContain('lower');
  });

  test('the variadic tail', () => {
    const h = help('min(1, 2, 3, |')!;
    const sig = h.signatures[h.activeSignature!]!;
    expect(sig.label).toContain('...');
    expect(h.activeParameter).toBe(sig.parameters!.length - 1);
  });

  test('inside a path string argument', () => {
    expect(help("get('$.a|')")!.signatures[0]!.label).toContain('get(path: string)');
  });

  test('none outside a call or for an unknown function', () => {
    expect(help('1 + |')).toBeNull();
    expect(help('(1 + |')).toBeNull();
    expect(help('lenght(|')).toBeNull();
  });
});
