import type { IToken } from 'chevrotain';
import { hasErrors } from '../../common/diagnostics/diagnostic.js';
import { DEFAULT_LIMITS } from '../../common/limits.js';
import type { Comment } from '../syntax/index.js';
import { singleQuoted } from '../../runtime/core/json-text.js';
import { firstAtOrAfter } from '../syntax/offsets.js';
import { isNonAssociative, nodePrec, Prec } from '../syntax/operators.js';
import { parseSource } from '../syntax/parse-source.js';
import type { Node } from '../../common/ast/nodes.js';

/*
 * The canonical printer. One line, one space around binary operators and
 * after commas, lowercase keywords, `-x` / `!x` / `not x`, strings re-quoted
 * with `''`, numbers as written, each conditional in its form (`if c then a
 * else b` becomes `if (c) a else b`), and only the parentheses the tree needs:
 * a child binding more loosely than its position allows, the left side of a
 * non-chaining comparison, and an `if ... else` form anywhere but at the very
 * end of an expression (its else branch would swallow what follows).
 *
 * It works on an explicit stack, not by recursion, so no tree is too deep.
 * Every printed token carries the source offset it came from (an "anchor"),
 * which format() uses to put each comment back before the token it preceded.
 */

/** Canonical text of an AST. */
export function print(node: Node): string {
  return render(layout(node, NO_SOURCE), []);
}

/**
 * Canonical text of a source with every comment kept: each comment is
 * re-emitted before the first printed token that followed it in the source
 * (trailing ones at the end), a `//` comment is followed by a newline.
 * Idempotent. Null when the source has errors (syntax or limits).
 */
export function format(source: string): string | null {
  try {
    const { result, tokens } = parseSource(source, DEFAULT_LIMITS);
    if (result.ast === null || hasErrors(result.diagnostics)) return null;
    return render(layout(result.ast, sourceAnchors(tokens)), result.comments);
  } catch {
    return null;
  }
}

// ---- layout: tree -> tokens ----

interface Piece {
  readonly text: string;
  /** What separates it from the previous piece. */
  readonly sep: '' | ' ';
  /** Start offset of the source token it reprints; null for tokens with no source counterpart. */
  readonly anchor: number | null;
}

interface Slot {
  readonly node: Node;
  /** The loosest precedence allowed here without parentheses. */
  readonly minPrec: number;
  /** Nothing follows in the enclosing expression (up to a `,` `)` `]` `:` or `else`). */
  readonly tail: boolean;
  readonly sep: '' | ' ';
}

type Task = Slot | Piece;

/** Finds where structural tokens of the source are, for anchors; NO_SOURCE when printing a bare tree. */
interface Anchors {
  /** Start of the first token at or after `offset` if it is `image`. */
  at(offset: number, image: string): number | null;
  /** Start of the first token at or after `offset` that is not `)`, if it is `image`. */
  afterClosers(offset: number, image: string): number | null;
  /** Start of the last of the `)` tokens starting at `offset`. */
  lastCloser(offset: number): number | null;
  /** Start of the token just before `offset` if it is `image`. */
  before(offset: number, image: string): number | null;
  /** Whether anchors mean anything (else every anchor is null). */
  readonly real: boolean;
}

const NO_SOURCE: Anchors = {
  at: () => null,
  afterClosers: () => null,
  lastCloser: () => null,
  before: () => null,
  real: false,
};

function sourceAnchors(tokens: readonly IToken[]): Anchors {
  const indexAt = (offset: number): number => firstAtOrAfter(tokens, offset, (t) => t.startOffset);
  const is = (i: number, image: string): boolean => tokens[i]?.image.toLowerCase() === image;
  return {
    real: true,
    at(offset, image) {
      const i = indexAt(offset);
      return is(i, image) ? tokens[i]!.startOffset : null;
    },
    afterClosers(offset, image) {
      let i = indexAt(offset);
      while (image !== ')' && is(i, ')')) i++;
      return is(i, image) ? tokens[i]!.startOffset : null;
    },
    lastCloser(offset) {
      let i = indexAt(offset);
      if (!is(i, ')')) return null;
      while (is(i + 1, ')')) i++;
      return tokens[i]!.startOffset;
    },
    before(offset, image) {
      const i = indexAt(offset) - 1;
      return is(i, image) ? tokens[i]!.startOffset : null;
    },
  };
}

function piece(text: string, sep: '' | ' ', anchor: number | null): Piece {
  return { text, sep, anchor };
}

function isPiece(task: Task): task is Piece {
  return 'text' in task;
}

function layout(root: Node, anchors: Anchors): Piece[] {
  const out: Piece[] = [];
  const stack: Task[] = [{ node: root, minPrec: 0, tail: true, sep: '' }];
  while (stack.length > 0) {
    const task = stack.pop()!;
    if (isPiece(task)) {
      out.push(task);
      continue;
    }
    const tasks = expand(task, anchors);
    for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i]!);
  }
  return out;
}

/** One node's tokens and child slots, in order. */
function expand(slot: Slot, a: Anchors): Task[] {
  const { node, minPrec, tail, sep } = slot;
  const openEnded = node.kind === 'conditional' && node.form === 'if';
  if (nodePrec(node) < minPrec || (!tail && openEnded)) {
    return [piece('(', sep, a.before(node.span.start, '(')), { node, minPrec: 0, tail: true, sep: '' }, piece(')', '', a.at(node.span.end, ')'))];
  }
  const real = (offset: number): number | null => (a.real ? offset : null);
  switch (node.kind) {
    case 'number':
      return [piece(node.raw === '' ? String(node.value) : node.raw, sep, real(node.span.start))];
    case 'string':
      return [piece(singleQuoted(node.value), sep, real(node.span.start))];
    case 'boolean':
      return [piece(String(node.value), sep, real(node.span.start))];
    case 'null':
      return [piece('null', sep, real(node.span.start))];
    case 'error':
      // a bare name: the printed text still fails to parse, as the tree did
      return [piece('__error__', sep, real(node.span.start))];
    case 'list':
      return [piece('[', sep, real(node.span.start)), ...items(node.items, a), piece(']', '', real(node.span.end - 1))];
    case 'call':
      return [
        piece(node.name, sep, real(node.nameSpan.start)),
        piece('(', '', a.at(node.nameSpan.end, '(')),
        ...items(node.args, a),
        piece(')', '', real(node.span.end - 1)),
      ];
    case 'unary':
      return [piece(node.op, sep, real(node.span.start)), { node: node.operand, minPrec: nodePrec(node), tail, sep: node.op === 'not' ? ' ' : '' }];
    case 'binary':
    case 'logical': {
      const prec = nodePrec(node);
      return [
        { node: node.left, minPrec: isNonAssociative(prec) ? prec + 1 : prec, tail: false, sep },
        piece(node.op, ' ', real(node.opSpan.start)),
        { node: node.right, minPrec: prec + 1, tail, sep: ' ' },
      ];
    }
    case 'conditional':
      if (node.form === 'ternary') {
        return [
          { node: node.test, minPrec: Prec.Ternary + 1, tail: false, sep },
          piece('?', ' ', a.afterClosers(node.test.span.end, '?')),
          { node: node.then, minPrec: Prec.Ternary, tail: true, sep: ' ' },
          piece(':', ' ', a.afterClosers(node.then.span.end, ':')),
          { node: node.else, minPrec: Prec.Ternary, tail, sep: ' ' },
        ];
      }
      if (node.form === 'call') {
        return [
          piece('if', sep, real(node.span.start)),
          piece('(', '', a.at(node.span.start + 2, '(')),
          ...items([node.test, node.then, node.else], a),
          piece(')', '', real(node.span.end - 1)),
        ];
      }
      {
        // `if c then a else b` has no parentheses in the source: the printed `(`
        // stands where the condition starts, the `)` has no source position
        const open = a.at(node.span.start + 2, '(');
        return [
          piece('if', sep, real(node.span.start)),
          piece('(', ' ', open ?? real(node.test.span.start)),
          { node: node.test, minPrec: 0, tail: true, sep: '' },
          piece(')', '', open === null ? null : a.lastCloser(node.test.span.end)),
          { node: node.then, minPrec: 0, tail: true, sep: ' ' },
          piece('else', ' ', a.afterClosers(node.then.span.end, 'else')),
          { node: node.else, minPrec: 0, tail, sep: ' ' },
        ];
      }
  }
}

/** Comma-separated children (arguments, list items), each in a delimited position. */
function items(nodes: readonly Node[], a: Anchors): Task[] {
  const out: Task[] = [];
  nodes.forEach((node, i) => {
    if (i > 0) out.push(piece(',', '', a.afterClosers(nodes[i - 1]!.span.end, ',')));
    out.push({ node, minPrec: 0, tail: true, sep: i === 0 ? '' : ' ' });
  });
  return out;
}

// ---- render: tokens + comments -> text ----

function render(pieces: readonly Piece[], comments: readonly Comment[]): string {
  let out = '';
  let next = 0;
  // what was written last: a token, a block comment, or a line comment (and its newline)
  const state: { after: 'token' | 'block' | 'line' } = { after: 'token' };
  const emit = (comment: Comment): void => {
    if (out !== '' && state.after !== 'line' && !out.endsWith('(') && !out.endsWith('[')) out += ' ';
    out += comment.text;
    if (comment.block) {
      state.after = 'block';
    } else {
      out += '\n';
      state.after = 'line';
    }
  };
  for (const p of pieces) {
    if (p.anchor !== null) {
      while (next < comments.length && comments[next]!.span.end <= p.anchor) emit(comments[next++]!);
    }
    if (state.after === 'block') {
      if (p.text !== ')' && p.text !== ']' && p.text !== ',') out += ' ';
    } else if (state.after === 'token') {
      out += p.sep;
    }
    out += p.text;
    state.after = 'token';
  }
  while (next < comments.length) emit(comments[next++]!);
  return out;
}
