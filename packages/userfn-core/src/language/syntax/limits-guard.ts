import { tokenMatcher, type IToken } from 'chevrotain';
import { walk, type Node } from '../../common/ast/nodes.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic, type Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { Limits } from '../../common/limits.js';
import { tokenSpan } from './token-stream.js';
import { infixPrec, operatorMeaning, Prec } from './operators.js';
import * as T from './tokens.js';

/*
 * The parser's resource limits (UF4001-UF4003). Chevrotain parses by
 * recursive descent, so nesting is bounded BEFORE parsing, by a linear
 * pre-scan of the tokens (checkTokens), which also catches what would only
 * make a huge tree (long operator chains, too many nodes) without building it.
 * The finished tree is then checked exactly, without recursion (checkTree),
 * for what only shows once it is built: brackets and operators combined.
 */

/**
 * The deepest bracket/`if` nesting the parser accepts whatever maxDepth says
 * (the default maxDepth too). Each level costs some twenty Chevrotain frames,
 * more for a call nested in a later argument (`coalesce(null, coalesce(null,
 * …))`): in a fresh process, before the JIT has made the parser's frames
 * smaller, such calls overflowed Node's default stack at about 235 levels,
 * so a cap of 256 made the same source parse or not depending on how warm the
 * process was. At 200 every construct parses from cold code with room to spare
 * (cold-stack.test.ts checks this in a fresh process).
 */
export const PARSER_NESTING_CAP = 200;

/**
 * The deepest tree check(), compile() and both evaluators accept whatever
 * maxDepth says. The parser resolves operator chains without recursion, so a
 * host that raises maxDepth can get trees thousands of levels deep
 * (`not not ...`, `1+1+...`, `a ? b : c ? ...`); the checker, the compiler,
 * the compiled closures, the interpreter and explanations all recurse once or
 * twice per level. At this depth each of them uses under half of Node's
 * default stack even from cold (unoptimised) code, so the compiled closures
 * and the interpreter either both give the value or (from a host's very deep
 * caller) both give UF4002: refusing at compile time keeps the closures free
 * of per-evaluation depth counters. parse() and format() work on any depth.
 */
export const EVALUATION_NESTING_CAP = 1_000;

/** What the checks give when they find nothing (most parses): one frozen list. */
const NONE: readonly Diagnostic[] = Object.freeze([]);

/** UF4001 when the source is longer than maxSourceLength (checked before lexing). */
export function checkSourceLength(source: string, limits: Limits): Diagnostic | undefined {
  if (source.length <= limits.maxSourceLength) return undefined;
  return diagnostic(Codes.SourceTooLong, `the expression is ${source.length} characters long; the limit is ${limits.maxSourceLength}`, {
    start: limits.maxSourceLength,
    end: source.length,
  });
}

interface Frame {
  /** `if`s opened in this bracket level and not known to be finished; true once their `else` is seen. */
  ifs: boolean[];
  /** Per precedence level: operators of that level in the current operator sequence, uninterrupted by a looser one. */
  chains: number[];
  /** Consecutive prefix operators just read. */
  prefixRun: number;
  /** The `(` of `if (`: the `if` already counts as the level. */
  free: boolean;
}

function frame(free = false): Frame {
  return { ifs: [], chains: [], prefixRun: 0, free };
}

/** Token classes for the pre-scan, looked up by token type index (it runs on every token of every parse). */
const OPERATOR = 1;
/** Tokens that produce one AST node each in a valid parse (operators too). */
const NODE = 2;
/** Tokens after which an operator is a prefix operator (an operand is expected); operators too. */
const OPERAND_NEXT = 4;

const CLASSES: number[] = [];
for (const type of T.lexerTokens) {
  const operator = tokenMatcher({ image: '', startOffset: 0, tokenTypeIdx: type.tokenTypeIdx!, tokenType: type }, T.Operator);
  const node = [
    T.NumberLit,
    T.StringLit,
    T.DoubleQuotedString,
    T.UnterminatedString,
    T.True,
    T.False,
    T.Null,
    T.Identifier,
    T.If,
    T.LBracket,
    T.Question,
  ].includes(type);
  const operandNext = [T.LParen, T.LBracket, T.Comma, T.Question, T.Colon, T.If, T.Then, T.Else].includes(type);
  CLASSES[type.tokenTypeIdx!] = (operator ? OPERATOR | NODE | OPERAND_NEXT : 0) | (node ? NODE : 0) | (operandNext ? OPERAND_NEXT : 0);
}

function classOf(token: IToken): number {
  return CLASSES[token.tokenTypeIdx] ?? 0;
}

/**
 * The limits that can be known from the tokens alone, before parsing, in one
 * linear pass:
 * - UF4002 at the first `(`, `[` or `if` that opens recursion level
 *   maxDepth+1 (or PARSER_NESTING_CAP+1): each unclosed bracket (but the
 *   `(` of `if (`, which is part of the `if`), and each `if` whose branches
 *   have not ended (an `if` ends at the `,` `then` `else` or closing bracket
 *   that ends its else-branch). Over-counting is safe; under-counting would
 *   not be, so doubtful cases count.
 * - UF4002 at the operator where an operator sequence alone must make the
 *   tree deeper than maxDepth: a run of prefix operators (`not not ...`,
 *   `- - ...`), operators of one precedence not interrupted by a looser one
 *   (`1+1+...`), `?`s of one sequence. These bounds never exceed the real
 *   depth of a valid tree, so a valid expression is never refused by them.
 * - UF4003 at the token that makes more than maxNodes nodes: in a valid
 *   parse every literal, name, operator, `if`, `[` and `?` is exactly one node.
 * Returns at most one diagnostic of each code.
 */
export function checkTokens(tokens: readonly IToken[], limits: Limits): readonly Diagnostic[] {
  // Every count of the scan grows by at most one per token (a nesting level,
  // an operator of a run, a node), so no more tokens than the smallest limit
  // cannot exceed one: nearly every real expression skips the scan.
  if (tokens.length <= Math.min(limits.maxDepth, PARSER_NESTING_CAP, limits.maxNodes)) return NONE;
  return scanTokens(tokens, limits);
}

/** checkTokens' scan itself, for every token count (exported for the test that the shortcut gives what it gives). */
export function scanTokens(tokens: readonly IToken[], limits: Limits): Diagnostic[] {
  const recursionLimit = Math.min(limits.maxDepth, PARSER_NESTING_CAP);
  const out: Diagnostic[] = [];
  const frames: Frame[] = [frame()];
  let depth = 0;
  let nodes = 0;
  let tooDeepSeen = false;
  let previous: IToken | undefined;
  const tooDeepAt = (token: IToken, limit: number): void => {
    if (tooDeepSeen) return;
    tooDeepSeen = true;
    out.push(tooDeep(tokenSpan(token), limit, limits.maxDepth));
  };
  for (const token of tokens) {
    const type = token.tokenType;
    const tokenClass = classOf(token);
    const f = frames[frames.length - 1]!;
    if ((tokenClass & NODE) !== 0) {
      nodes++;
      if (nodes === limits.maxNodes + 1) {
        out.push(
          diagnostic(Codes.TooManyNodes, `the expression has more than ${limits.maxNodes} nodes`, tokenSpan(token), 'split it into simpler expressions'),
        );
      }
    }
    let sequenceDepth = 0;
    if ((tokenClass & OPERATOR) !== 0) {
      const operandExpected = previous === undefined || (classOf(previous) & OPERAND_NEXT) !== 0;
      if (operandExpected) {
        sequenceDepth = ++f.prefixRun;
      } else {
        f.prefixRun = 0;
        const prec = infixPrec(operatorMeaning(type).infix ?? 'or');
        sequenceDepth = bumpChain(f, prec);
      }
    } else {
      f.prefixRun = 0;
      if (type === T.Question) sequenceDepth = bumpChain(f, Prec.Ternary);
      else if (type === T.Colon) f.chains.length = Prec.Ternary + 1;
    }
    if (type === T.LParen && previous?.tokenType === T.If) {
      frames.push(frame(true));
    } else if (type === T.LParen || type === T.LBracket) {
      frames.push(frame());
      if (++depth > recursionLimit) tooDeepAt(token, recursionLimit);
    } else if (type === T.If) {
      f.ifs.push(false);
      f.chains = [];
      if (++depth > recursionLimit) tooDeepAt(token, recursionLimit);
    } else if (type === T.RParen || type === T.RBracket) {
      if (frames.length > 1) {
        frames.pop();
        depth -= (f.free ? 0 : 1) + f.ifs.length;
      }
    } else if (type === T.Comma) {
      depth -= f.ifs.length;
      f.ifs = [];
      f.chains = [];
    } else if (type === T.Then || type === T.Else) {
      // `if`s already past their `else` end here; an `else` then belongs to the innermost open one
      while (f.ifs.length > 0 && f.ifs[f.ifs.length - 1]) {
        f.ifs.pop();
        depth--;
      }
      if (type === T.Else && f.ifs.length > 0) f.ifs[f.ifs.length - 1] = true;
      f.chains = [];
    }
    if (sequenceDepth > limits.maxDepth) tooDeepAt(token, limits.maxDepth);
    previous = token;
  }
  return out;
}

/** One more operator of level `prec` in the sequence: looser ones end the chains of tighter levels. */
function bumpChain(f: Frame, prec: number): number {
  f.chains.length = Math.min(f.chains.length, prec + 1);
  const n = (f.chains[prec] ?? 0) + 1;
  f.chains[prec] = n;
  return n;
}

function tooDeep(span: Span, limit: number, maxDepth: number, whose = "the parser's"): Diagnostic {
  const why = limit < maxDepth ? ` (${whose} own limit; maxDepth is ${maxDepth})` : '';
  return diagnostic(Codes.NestingTooDeep, `the expression is nested more than ${limit} levels deep${why}`, span, 'split it into simpler expressions');
}

/**
 * Depth and size of the finished tree: UF4002 at the first node (pre-order)
 * deeper than maxDepth (the root is depth 0), UF4003 when there are more than
 * maxNodes nodes.
 */
export function checkTree(root: Node, nodeCount: number, limits: Limits): readonly Diagnostic[] {
  // a node at depth d has d ancestors, so no tree is deeper than its node count less one
  if (nodeCount <= limits.maxNodes && nodeCount - 1 <= limits.maxDepth) return NONE;
  return walkTree(root, nodeCount, limits);
}

/** checkTree's walk itself, for every tree (exported for the test that the shortcut gives what it gives). */
export function walkTree(root: Node, nodeCount: number, limits: Limits): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (nodeCount > limits.maxNodes) {
    out.push(
      diagnostic(Codes.TooManyNodes, `the expression has ${nodeCount} nodes; the limit is ${limits.maxNodes}`, root.span, 'split it into simpler expressions'),
    );
  }
  let deepest: Node | undefined;
  walk(root, (node, depth) => {
    if (deepest === undefined && depth > limits.maxDepth) deepest = node;
  });
  if (deepest !== undefined) out.push(tooDeep(headSpan(deepest), limits.maxDepth, limits.maxDepth));
  return out;
}

/**
 * UF4002 at the first node (pre-order) deeper than EVALUATION_NESTING_CAP,
 * for check() and compile(). A tree the parser accepted is at most maxDepth
 * deep, so with maxDepth at or below the cap (the default) nothing is walked.
 */
export function checkEvaluationDepth(root: Node, limits: Limits): Diagnostic | undefined {
  if (limits.maxDepth <= EVALUATION_NESTING_CAP) return undefined;
  let deepest: Node | undefined;
  walk(root, (node, depth) => {
    if (deepest === undefined && depth > EVALUATION_NESTING_CAP) deepest = node;
  });
  return deepest === undefined ? undefined : tooDeep(headSpan(deepest), EVALUATION_NESTING_CAP, limits.maxDepth, "the checker's and evaluators'");
}

/** The token that introduces a node: its operator, name or opening keyword. */
function headSpan(node: Node): Span {
  switch (node.kind) {
    case 'binary':
    case 'logical':
      return node.opSpan;
    case 'unary':
      return { start: node.span.start, end: node.span.start + node.op.length };
    case 'call':
      return node.nameSpan;
    case 'list':
      return { start: node.span.start, end: node.span.start + 1 };
    case 'conditional':
      return node.form === 'ternary' ? node.span : { start: node.span.start, end: node.span.start + 2 };
    default:
      return node.span;
  }
}
