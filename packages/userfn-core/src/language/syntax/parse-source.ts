import type { IToken } from 'chevrotain';
import type { Node } from '../../common/ast/nodes.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic, sortDiagnostics, type Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Limits } from '../../common/limits.js';
import type { Span } from '../../common/diagnostics/span.js';
import { errorNode, numberNodes } from './ast-builder.js';
import { cstToAst } from './cst-to-ast.js';
import { lex, type Comment, type Lexed } from './token-stream.js';
import { checkSourceLength, checkTokens, checkTree } from './limits-guard.js';
import { parseTokens } from './parser.js';

/** The result of parsing one source. */
export interface ParseResult {
  /** The tree, with ErrorNodes where parts are missing; null only when a limit was exceeded. */
  readonly ast: Node | null;
  /** Every syntax and limit error, sorted by position, each reported once. */
  readonly diagnostics: Diagnostic[];
  /** Every comment of the source, in order. */
  readonly comments: readonly Comment[];
  /** The number of nodes of `ast` (ids are 0 .. nodeCount-1); 0 when `ast` is null. */
  readonly nodeCount: number;
}

/** A parse plus the significant tokens it read (the formatter needs their positions). */
export interface SourceParse {
  readonly result: ParseResult;
  readonly tokens: readonly IToken[];
}

/** The pipeline: length limit, lexing, token pre-scan (nesting, size), grammar, CST -> AST, tree limits. May throw only on a bug or stack exhaustion. */
export function parseSource(source: string, limits: Limits): SourceParse {
  const tooLong = checkSourceLength(source, limits);
  if (tooLong !== undefined) return { result: { ast: null, diagnostics: [tooLong], comments: [], nodeCount: 0 }, tokens: [] };

  const lexed = lex(source);
  const tokens = lexed.significant;

  if (tokens.length === 0) {
    const ds = [...lexed.diagnostics];
    // only whitespace and comments: an empty program (bad characters are their own error)
    if (!ds.some((d) => d.code === Codes.InvalidCharacter)) {
      ds.push(
        diagnostic(Codes.EmptySource, 'the expression is empty', { start: 0, end: source.length }, "write an expression, such as get('$.output') != null"),
      );
    }
    const ast = errorNode({ start: 0, end: source.length });
    return { result: { ast, diagnostics: finish(ds), comments: lexed.comments, nodeCount: numberNodes(ast) }, tokens };
  }

  const tokenLimits = checkTokens(tokens, limits);
  if (tokenLimits.length > 0) return limitFailure(lexed, tokenLimits);

  const { program, errors } = parseTokens(tokens);
  const badCharacters = lexed.diagnostics.length === 0 ? NO_SPANS : lexed.diagnostics.filter((d) => d.code === Codes.InvalidCharacter).map((d) => d.span);
  const converted = cstToAst(program, { tokens, sourceLength: source.length, badCharacters, parserErrors: errors, lexerClean: lexed.diagnostics.length === 0 });
  const nodeCount = numberNodes(converted.ast);
  const treeLimits = checkTree(converted.ast, nodeCount, limits);
  if (treeLimits.length > 0) return limitFailure(lexed, [...converted.diagnostics, ...treeLimits]);
  return {
    result: { ast: converted.ast, diagnostics: finishBoth(lexed.diagnostics, converted.diagnostics), comments: lexed.comments, nodeCount },
    tokens,
  };
}

const NO_SPANS: readonly Span[] = Object.freeze([]);

/** A limit was exceeded: no tree, the lexer's errors and the limits'. (A function, not a closure made on every parse.) */
function limitFailure(lexed: Lexed, limit: readonly Diagnostic[]): SourceParse {
  return {
    result: { ast: null, diagnostics: finish([...lexed.diagnostics, ...limit]), comments: lexed.comments, nodeCount: 0 },
    tokens: lexed.significant,
  };
}

/** finish() of both lists, without concatenating two empty ones (a source without mistakes). */
function finishBoth(a: readonly Diagnostic[], b: readonly Diagnostic[]): Diagnostic[] {
  if (b.length === 0) return finish(a);
  return finish(a.length === 0 ? b : [...a, ...b]);
}

/** Sorted by position; one diagnostic per code and span (recovery can meet the same mistake twice). */
function finish(ds: readonly Diagnostic[]): Diagnostic[] {
  // the common case, a source without mistakes, needs no sorting
  if (ds.length === 0) return [];
  if (ds.length === 1) return [ds[0]!];
  const seen = new Set<string>();
  return sortDiagnostics(ds).filter((d) => {
    const key = `${d.code}:${d.span.start}:${d.span.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
