import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Code } from '../../common/diagnostics/codes.js';
import type { Span } from '../../common/diagnostics/span.js';
import { errorNode, type Operand } from './ast-builder.js';
import type { SequenceItem } from './cst.js';
import { resolveSequence, resolveWithStacks, type SequenceHost } from './sequence.js';
import { lex, tokenSpan } from './token-stream.js';
import * as T from './tokens.js';

/**
 * resolveSequence() builds a lone operand and a lone binary operation without
 * the stacks: it must give what the stacks give, tree and reports alike, for
 * any three items (operands, every operator, `?`, `:`).
 */

/** A host that stands an ErrorNode in for each operand and records every call that can show. */
function recordingHost(tokens: readonly ReturnType<typeof lex>['significant'][number][]) {
  const calls: unknown[] = [];
  const host: SequenceHost = {
    operand(cst): Operand {
      const span = tokenSpan(cst.base.head);
      calls.push(['operand', span]);
      return { node: errorNode(span), extent: span };
    },
    report(code: Code, message: string, span: Span, hint?: string, severity?: string) {
      calls.push(['report', code, message, span, hint, severity]);
    },
    missing(offset: number, what: string) {
      calls.push(['missing', offset, what]);
      return offset;
    },
    tokenAt: (offset: number) => tokens.find((t) => t.startOffset === offset),
    badCharacterIn: () => false,
  };
  return { host, calls };
}

const OPERATORS = ['or', '||', 'and', '&&', 'not', '!', '==', '=', '===', '!=', '!==', '<>', '<', '<=', '>', '>=', 'in', '+', '-', '*', '/', '%', '?', ':'];
const PLAIN = new Set(['or', '||', 'and', '&&', '==', '!=', '<>', '<', '<=', '>', '>=', 'in', '+', '-', '*', '/', '%']);
const part = fc.oneof(fc.constant('1'), fc.constantFrom(...OPERATORS));

/** The items of a sequence as the grammar collects them: operators by token, anything else an operand. */
function itemsOf(source: string) {
  const tokens = lex(source).significant;
  const items: SequenceItem[] = tokens.map((token) =>
    token.tokenType === T.NumberLit ? { operand: { base: { kind: 'literal', head: token }, postfixes: [] } } : { token },
  );
  return { tokens, items };
}

describe('resolveSequence', () => {
  it('gives what the operand and operator stacks give for any one to three items', () => {
    let lone = 0;
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), (parts) => {
        const { tokens, items } = itemsOf(parts.join(' '));
        const quick = recordingHost(tokens);
        const stacks = recordingHost(tokens);
        expect(resolveSequence(items, quick.host)).toEqual(resolveWithStacks(items, stacks.host));
        expect(quick.calls).toEqual(stacks.calls);
        if (parts.length === 3 && parts[0] === '1' && PLAIN.has(parts[1]!) && parts[2] === '1') lone++;
      }),
      { numRuns: 3000 },
    );
    // the lone binary operations the shortcut builds were met
    expect(lone).toBeGreaterThan(50);
  });

  it('is tried with every operator the lexer makes', () => {
    const tried = new Set(OPERATORS.flatMap((op) => lex(op).significant.map((t) => t.tokenType)));
    const operators = T.lexerTokens.filter((t) => (t.CATEGORIES ?? []).includes(T.Operator));
    expect(operators.length).toBeGreaterThan(15);
    for (const type of operators) expect(tried.has(type), type.name).toBe(true);
  });

  it('builds a plain binary operation as the stacks do, with its operator span', () => {
    for (const op of ['==', 'and', '||', '<>', 'in', '-', '%']) {
      const { tokens, items } = itemsOf(`1 ${op} 1`);
      const got = resolveSequence(items, recordingHost(tokens).host).node;
      expect(got).toEqual(resolveWithStacks(items, recordingHost(tokens).host).node);
      expect(got.kind === 'binary' || got.kind === 'logical').toBe(true);
      expect((got as { opSpan: Span }).opSpan).toEqual({ start: 2, end: 2 + op.length });
    }
  });

  it('leaves to the stacks the operators that are reported: =, === and !==', () => {
    for (const op of ['=', '===', '!==']) {
      const { tokens, items } = itemsOf(`1 ${op} 1`);
      const { host, calls } = recordingHost(tokens);
      resolveSequence(items, host);
      expect(calls.filter((c) => (c as unknown[])[0] === 'report')).toHaveLength(1);
    }
  });
});
