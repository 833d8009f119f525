import type { Binary, Call, Node, Unary } from '../../common/ast/nodes.js';
import {
  acceptsArity,
  paramType,
  resolvedCall,
  signatureText,
  type BuiltinDecl,
  type CheckHookContext,
  type ResolvedCall,
  type Signature,
} from '../../runtime/builtins/define.js';
import type { FunctionTable } from '../../runtime/builtins/registry.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic, warning, type Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import { PROFILES, type ProfileName } from '../../common/profiles/profiles.js';
import type { JsonSchema } from '../../common/profiles/schema.js';
import { argumentHint, arithmeticResult, conditionHint, conversionHint, isOrderable } from '../../runtime/core/operators.js';
import { canBeEqual, isAssignable, isOpen, join, T, typeToString, type Type } from '../../common/types/type.js';
import { suggest } from '../../common/diagnostics/suggest.js';
import { stringLiteralSpan } from './literal-span.js';

/**
 * Side tables indexed by node id (0 .. nodeCount-1): the AST itself is never
 * changed. Arrays, not maps: filling them is part of every compile.
 */
export interface Checked {
  readonly ast: Node;
  readonly type: Type;
  /** The type of every node. */
  readonly types: readonly Type[];
  /** The resolved builtin of every call that resolved; nothing at other ids. */
  readonly calls: readonly (ResolvedCall | undefined)[];
  readonly diagnostics: Diagnostic[];
}

export interface CheckerOptions {
  readonly source: string;
  readonly profile: ProfileName;
  readonly schema: JsonSchema | undefined;
  readonly functions: FunctionTable;
}

/**
 * The items of `list` that `keep` accepts (with `arg`), in order: the list
 * itself when it is one item that is kept, as nearly every builtin's
 * overloads are for a call, so such a call copies nothing and makes no
 * closure (`arg` is passed, not captured; only the filter of a longer list
 * makes one).
 */
function kept<S, A>(list: readonly S[], keep: (x: S, arg: A) => boolean, arg: A): readonly S[] {
  return list.length === 1 && keep(list[0]!, arg) ? list : list.filter((x) => keep(x, arg));
}

/** Whether the argument types fit an overload (its arity already does). */
function fitsArguments(o: Signature, argTypes: readonly Type[]): boolean {
  for (let i = 0; i < argTypes.length; i++) if (!isAssignable(argTypes[i]!, paramType(o, i))) return false;
  return true;
}

/** What a builtin's check hook sees of one call: a class, so a call allocates one object and no closures. */
class Hook implements CheckHookContext {
  data: unknown;
  readonly schema: JsonSchema | undefined;
  readonly profile: ProfileName;

  constructor(
    readonly call: Call,
    readonly argTypes: readonly Type[],
    private readonly options: CheckerOptions,
    private readonly checker: Checker,
  ) {
    this.schema = options.schema;
    this.profile = options.profile;
  }

  report(d: Diagnostic): void {
    this.checker.report(d);
  }

  literal(i: number): string | undefined {
    const a = this.call.args[i];
    return a?.kind === 'string' ? a.value : undefined;
  }

  literalSpan(i: number, offset: number, length: number): Span {
    return stringLiteralSpan(this.options.source, this.call.args[i]!.span, offset, length);
  }

  setData(d: unknown): void {
    this.data = d;
  }
}

/** Types an AST, resolves its calls and collects every diagnostic (sorted by the caller). */
export function checkAst(ast: Node, options: CheckerOptions, nodeCount?: number): Checked {
  const checker = new Checker(options, nodeCount);
  const type = checker.check(ast);
  const expected = PROFILES[options.profile].result;
  if (expected.kind !== 'dyn' && !isOpen(type) && type.kind !== 'null' && type.kind !== expected.kind) {
    checker.report(
      diagnostic(
        Codes.WrongResultType,
        `a ${options.profile} expression must give a ${typeToString(expected)}, got ${typeToString(type)}`,
        ast.span,
        expected.kind === 'boolean'
          ? conditionHint(type.kind)
          : expected.kind === 'number' && type.kind === 'boolean'
            ? 'use if(c, 1, 0) for a score'
            : undefined,
      ),
    );
  }
  return { ast, type, types: checker.types, calls: checker.calls, diagnostics: checker.diagnostics };
}

/**
 * The walk itself: a class, not closures in checkAst, so a compile allocates
 * one object for it (a closure per helper was about a third of the checker's
 * allocation).
 */
class Checker {
  readonly types: Type[];
  readonly calls: (ResolvedCall | undefined)[];
  readonly diagnostics: Diagnostic[] = [];
  report(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  /** `nodeCount`, when the caller knows it, sizes the side tables at once. */
  constructor(
    private readonly options: CheckerOptions,
    nodeCount: number | undefined,
  ) {
    this.types = nodeCount === undefined ? [] : new Array(nodeCount);
    this.calls = nodeCount === undefined ? [] : new Array(nodeCount);
  }

  condition(node: Node, t: Type): void {
    if (t.kind === 'boolean' || t.kind === 'null' || isOpen(t)) return;
    this.report(diagnostic(Codes.TypeMismatch, `a condition must be boolean, got ${typeToString(t)}`, node.span, conditionHint(t.kind)));
  }

  /** Booleans count as 1/0 in arithmetic: allowed, with a warning. */
  numeric(t: Type, at: Node): Type {
    if (t.kind !== 'boolean') return t;
    this.report(warning(Codes.BooleanArithmetic, 'a boolean in arithmetic counts as 1 or 0', at.span, 'use if(c, 1, 0) to say so explicitly'));
    return T.number;
  }

  unary(node: Unary): Type {
    const t = this.check(node.operand);
    if (node.op !== '-') {
      this.condition(node.operand, t);
      return T.boolean;
    }
    const n = this.numeric(t, node.operand);
    if (n.kind === 'number' || n.kind === 'duration' || n.kind === 'null' || isOpen(n)) return n.kind === 'error' ? T.error : n;
    this.report(diagnostic(Codes.TypeMismatch, `cannot negate a ${typeToString(n)}`, node.span));
    return T.error;
  }

  binary(node: Binary): Type {
    const lt = this.check(node.left);
    const rt = this.check(node.right);
    switch (node.op) {
      case '==':
      case '!=':
        if (!canBeEqual(lt, rt)) {
          this.report(
            warning(
              Codes.NeverEqual,
              `a ${typeToString(lt)} is never equal to a ${typeToString(rt)}`,
              node.span,
              'there is no conversion between types in ==; convert one side',
            ),
          );
        }
        return T.boolean;
      case '<':
      case '<=':
      case '>':
      case '>=':
        if (lt.kind !== 'null' && rt.kind !== 'null' && !isOpen(lt) && !isOpen(rt) && (lt.kind !== rt.kind || !isOrderable(lt.kind))) {
          this.report(
            diagnostic(
              Codes.TypeMismatch,
              `cannot compare ${typeToString(lt)} and ${typeToString(rt)} with '${node.op}'`,
              node.span,
              conversionHint(node.op, lt.kind, rt.kind),
            ),
          );
        }
        return T.boolean;
      case 'in':
        return this.membership(node, lt, rt);
      default: {
        if (lt.kind === 'error' || rt.kind === 'error') return T.error;
        const a = this.numeric(lt, node.left);
        const b = this.numeric(rt, node.right);
        if (a.kind === 'null' || b.kind === 'null') return T.null;
        if (a.kind === 'dyn' || b.kind === 'dyn') return T.dyn;
        const r = arithmeticResult(node.op, a.kind, b.kind);
        if (r === undefined) {
          this.report(
            diagnostic(
              Codes.TypeMismatch,
              `cannot apply '${node.op}' to ${typeToString(a)} and ${typeToString(b)}`,
              node.span,
              conversionHint(node.op, a.kind, b.kind),
            ),
          );
          return T.error;
        }
        return T[r];
      }
    }
  }

  membership(node: Binary, lt: Type, rt: Type): Type {
    if (isOpen(lt) || isOpen(rt) || rt.kind === 'null') return T.boolean;
    if (rt.kind === 'list') return T.boolean;
    if (rt.kind === 'string' || rt.kind === 'object') {
      if (lt.kind !== 'string' && lt.kind !== 'null') {
        this.report(
          diagnostic(
            Codes.TypeMismatch,
            `'in' ${rt.kind === 'string' ? 'a string' : 'an object'} needs a string on the left, got ${typeToString(lt)}`,
            node.span,
          ),
        );
      }
      return T.boolean;
    }
    this.report(diagnostic(Codes.TypeMismatch, `'in' needs a list, a string or an object on the right, got ${typeToString(rt)}`, node.span));
    return T.boolean;
  }

  call(node: Call): Type {
    // sized, not [] grown by push (V8 gives a grown array room for 17): this runs for every call of every compile
    const argTypes: Type[] = new Array(node.args.length);
    for (let i = 0; i < argTypes.length; i++) argTypes[i] = this.check(node.args[i]!);
    const decl = this.options.functions.get(node.name);
    if (!decl) {
      const guess = suggest(node.name, this.options.functions.keys());
      this.report(
        diagnostic(
          Codes.UnknownFunction,
          `unknown function '${node.name}'${guess ? `; did you mean '${guess}'?` : ''}`,
          node.nameSpan,
          guess ? `did you mean ${guess}?` : undefined,
        ),
      );
      return T.error;
    }
    if (decl.profiles && !decl.profiles.includes(this.options.profile)) {
      this.report(
        diagnostic(
          Codes.NotInProfile,
          `${decl.name} is not available in the ${this.options.profile} profile (only in ${decl.profiles.join(', ')})`,
          node.nameSpan,
        ),
      );
      return T.error;
    }
    const byArity = kept(decl.overloads, acceptsArity, node.args.length);
    if (byArity.length === 0) {
      const sigs = decl.overloads.map((o) => signatureText(decl.name, o));
      this.report(
        diagnostic(
          Codes.WrongArity,
          `${decl.name} does not take ${node.args.length} argument${node.args.length === 1 ? '' : 's'}; it takes: ${sigs.join(' | ')}`,
          node.span,
        ),
      );
      return T.error;
    }
    // the overloads the argument types fit, in declaration order
    const candidates = kept(byArity, fitsArguments, argTypes);
    if (candidates.length === 0) {
      this.reportArgumentMismatch(node, decl, byArity, argTypes);
      return T.error;
    }
    let result = candidates[0]!.returns;
    for (let i = 1; i < candidates.length; i++) result = join(result, candidates[i]!.returns);
    let data: unknown;
    if (decl.check) {
      const hook = new Hook(node, argTypes, this.options, this);
      const refined = decl.check(hook);
      data = hook.data;
      if (refined) result = refined;
    }
    this.calls[node.id] = resolvedCall(decl, candidates, data);
    return result;
  }

  reportArgumentMismatch(node: Call, decl: BuiltinDecl, byArity: readonly Signature[], argTypes: readonly Type[]): void {
    // Point at the argument when one position fits no signature; else at the call.
    const i = argTypes.findIndex((t, j) => byArity.every((o) => !isAssignable(t, paramType(o, j))));
    if (i >= 0) {
      const wanted = [...new Set(byArity.map((o) => typeToString(paramType(o, i))))];
      const names = [...new Set(byArity.map((o) => (i < o.params.length ? o.params[i]!.name : o.rest!.name)))];
      this.report(
        diagnostic(
          Codes.TypeMismatch,
          `argument '${names.join("' / '")}' of ${decl.name} must be ${wanted.join(' or ')}, got ${typeToString(argTypes[i]!)}`,
          node.args[i]!.span,
          wanted.length === 1 ? argumentHint(wanted[0]!, argTypes[i]!.kind) : undefined,
        ),
      );
      return;
    }
    const sigs = byArity.map((o) => signatureText(decl.name, o));
    this.report(
      diagnostic(Codes.TypeMismatch, `no signature of ${decl.name} takes (${argTypes.map(typeToString).join(', ')}); it takes: ${sigs.join(' | ')}`, node.span),
    );
  }

  check(node: Node): Type {
    let t: Type;
    switch (node.kind) {
      case 'number':
        t = T.number;
        break;
      case 'string':
        t = T.string;
        break;
      case 'boolean':
        t = T.boolean;
        break;
      case 'null':
        t = T.null;
        break;
      case 'list':
        t = T.list(node.items.map((x) => this.check(x)).reduce<Type>((acc, x) => (acc.kind === 'null' && x.kind !== 'null' ? x : join(acc, x)), T.null));
        if (t.kind === 'list' && t.elem.kind === 'null' && node.items.length === 0) t = T.list(T.dyn);
        break;
      case 'call':
        t = this.call(node);
        break;
      case 'unary':
        t = this.unary(node);
        break;
      case 'binary':
        t = this.binary(node);
        break;
      case 'logical': {
        this.condition(node.left, this.check(node.left));
        this.condition(node.right, this.check(node.right));
        t = T.boolean;
        break;
      }
      case 'conditional': {
        this.condition(node.test, this.check(node.test));
        t = join(this.check(node.then), this.check(node.else));
        break;
      }
      case 'error':
        t = T.error;
        break;
    }
    this.types[node.id] = t;
    return t;
  }
}
