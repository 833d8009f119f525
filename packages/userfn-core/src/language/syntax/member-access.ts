import type { Node } from '../../common/ast/nodes.js';
import { singleQuoted } from '../../runtime/core/json-text.js';

/*
 * UserFn has no member access, indexing or methods: values are read from the
 * context with `get(path)`. When someone writes `get('$.a').b[0]` anyway, the
 * error (UF1011) suggests the one `get` that does what they meant.
 */

/** The JSONPath a chain of `.x` / `[i]` after `get('<path>')` adds up to so far. */
export interface PathSuggestion {
  readonly path: string;
}

/** One `.name`, `.name(...)` or `[index]` after a value. */
export interface MemberAccess {
  readonly base: Node;
  /** The name after `.`, if any. */
  readonly member: string | undefined;
  /** `.name(...)`: a method call. */
  readonly isCall: boolean;
  /** The expression in `[ ]`, when indexing. */
  readonly index: Node | undefined;
  readonly suggestion: PathSuggestion | undefined;
}

/** The message, hint and (for the next access in a chain) the path suggestion for one member access. */
export function memberAccessProblem(access: MemberAccess): { message: string; hint: string; suggestion: PathSuggestion | undefined } {
  if (access.isCall) {
    const name = access.member ?? 'f';
    return {
      message: 'there are no methods',
      hint: `call the function with the value as its first argument: ${name}(value, ...)`,
      suggestion: undefined,
    };
  }
  const step = access.index === undefined ? nameStep(access.member) : indexStep(access.index);
  const suggestion = access.suggestion !== undefined && step !== undefined ? { path: access.suggestion.path + step } : undefined;
  const example = suggestion === undefined ? "get('$.a.b[0]')" : `get(${singleQuoted(suggestion.path)})`;
  return {
    message: access.index === undefined ? 'there is no member access on values' : 'there is no indexing on values',
    hint: `put the whole path into get: ${example}`,
    suggestion,
  };
}

function nameStep(member: string | undefined): string | undefined {
  if (member === undefined) return undefined;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(member) ? `.${member}` : `[${jsonPathString(member)}]`;
}

function indexStep(index: Node): string | undefined {
  if (index.kind === 'string') return `[${jsonPathString(index.value)}]`;
  if (index.kind === 'number' && Number.isInteger(index.value)) return `[${index.value}]`;
  if (index.kind === 'unary' && index.op === '-' && index.operand.kind === 'number' && Number.isInteger(index.operand.value)) {
    return `[-${index.operand.value}]`;
  }
  return undefined;
}

/** A JSONPath (RFC 9535) single-quoted name. */
function jsonPathString(name: string): string {
  return `'${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}
