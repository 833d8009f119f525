import type { Binary, Call, Node, Unary } from '../../common/ast/nodes.js';
import {
  acceptsArity,
  paramType,
  resolveCall,
  signatureText,
  type BuiltinDecl,
  type CheckHookContext,
  type ResolvedCall,
  type Signature,
} from '../../runtime/builtins/define.js';
import type { FunctionTable } from '../../runtime/builtins/registry.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { diagnostic, warning, type Diagnostic } from '../../common/diagnostics/diagnostic.js';
import { PROFILES, type ProfileName } from '../../common/profiles/profiles.js';
import type { JsonSchema } from '../../common/profiles/schema.js';
import { argumentHint, arithmeticResult, conditionHint, conversionHint, isOrderable } from '../../runtime/core/operators.js';
import { canBeEqual, isAssignable, isOpen, join, T, typeToString, type Type } from '../../common/types/type.js';
import { suggest } from '../../common/diagnostics/suggest.js';
import { stringLiteralSpan } from './literal-span.js';

/** Side tables keyed by node id: the AST itself is never changed. */
export interface Checked {
  readonly ast: Node;
  readonly type: Type;
  readonly types: ReadonlyMap<number, Type>;
  readonly calls: ReadonlyMap<number, ResolvedCall>;
  readonly diagnostics: Diagnostic[];
}

export interface CheckerOptions {
  readonly source: string;
  readonly profile: ProfileName;
  readonly schema: JsonSchema | undefined;
  readonly functions: FunctionTable;
}

/** Types an AST, resolves its calls and collects every diagnostic (sorted by the caller). */
export function checkAst(ast: Node, options: CheckerOptions): Checked {
  const types = new Map<number, Type>();
  const calls = new Map<number, ResolvedCall>();
  const diagnostics: Diagnostic[] = [];
  const report = (d: Diagnostic) => diagnostics.push(d);
  const profile = PROFILES[options.profile];

  function condition(node: Node, t: Type): void {
    if (t.kind === 'boolean' || t.kind === 'null' || isOpen(t)) return;
    report(diagnostic(Codes.TypeMismatch, `a condition must be boolean, got ${typeToString(t)}`, node.span, conditionHint(t.kind)));
  }

  /** Booleans count as 1/0 in arithmetic: allowed, with a warning. */
  function numeric(t: Type, at: Node): Type {
    if (t.kind !== 'boolean') return t;
    report(warning(Codes.BooleanArithmetic, 'a boolean in arithmetic counts as 1 or 0', at.span, 'use if(c, 1, 0) to say so explicitly'));
    return T.number;
  }

  function unary(node: Unary): Type {
    const t = check(node.operand);
    if (node.op !== '-') {
      condition(node.operand, t);
      return T.boolean;
    }
    const n = numeric(t, node.operand);
    if (n.kind === 'number' || n.kind === 'duration' || n.kind === 'null' || isOpen(n)) return n.kind === 'error' ? T.error : n;
    report(diagnostic(Codes.TypeMismatch, `cannot negate a ${typeToString(n)}`, node.span));
    return T.error;
  }

  function binary(node: Binary): Type {
    const lt = check(node.left);
    const rt = check(node.right);
    switch (node.op) {
      case '==':
      case '!=':
        if (!canBeEqual(lt, rt)) {
          report(
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
          report(
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
        return membership(node, lt, rt);
      default: {
        if (lt.kind === 'error' || rt.kind === 'error') return T.error;
        const a = numeric(lt, node.left);
        const b = numeric(rt, node.right);
        if (a.kind === 'null' || b.kind === 'null') return T.null;
        if (a.kind === 'dyn' || b.kind === 'dyn') return T.dyn;
        const r = arithmeticResult(node.op, a.kind, b.kind);
        if (r === undefined) {
          report(
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

  function membership(node: Binary, lt: Type, rt: Type): Type {
    if (isOpen(lt) || isOpen(rt) || rt.kind === 'null') return T.boolean;
    if (rt.kind === 'list') return T.boolean;
    if (rt.kind === 'string' || rt.kind === 'object') {
      if (lt.kind !== 'string' && lt.kind !== 'null') {
        report(
          diagnostic(
            Codes.TypeMismatch,
            `'in' ${rt.kind === 'string' ? 'a string' : 'an object'} needs a string on the left, got ${typeToString(lt)}`,
            node.span,
          ),
        );
      }
      return T.boolean;
    }
    report(diagnostic(Codes.TypeMismatch, `'in' needs a list, a string or an object on the right, got ${typeToString(rt)}`, node.span));
    return T.boolean;
  }

  function call(node: Call): Type {
    const argTypes = node.args.map(check);
    const decl = options.functions.get(node.name);
    if (!decl) {
      const guess = suggest(node.name, options.functions.keys());
      report(
        diagnostic(
          Codes.UnknownFunction,
          `unknown function '${node.name}'${guess ? `; did you mean '${guess}'?` : ''}`,
          node.nameSpan,
          guess ? `did you mean ${guess}?` : undefined,
        ),
      );
      return T.error;
    }
    if (decl.profiles && !decl.profiles.includes(options.profile)) {
      report(
        diagnostic(Codes.NotInProfile, `${decl.name} is not available in the ${options.profile} profile (only in ${decl.profiles.join(', ')})`, node.nameSpan),
      );
      return T.error;
    }
    const byArity = decl.overloads.filter((o) => acceptsArity(o, node.args.length));
    if (byArity.length === 0) {
      const sigs = decl.overloads.map((o) => signatureText(decl.name, o));
      report(
        diagnostic(
          Codes.WrongArity,
          `${decl.name} does not take ${node.args.length} argument${node.args.length === 1 ? '' : 's'}; it takes: ${sigs.join(' | ')}`,
          node.span,
        ),
      );
      return T.error;
    }
    const fits = (o: Signature) => argTypes.every((t, i) => isAssignable(t, paramType(o, i)));
    const candidates = byArity.filter(fits);
    if (candidates.length === 0) {
      reportArgumentMismatch(node, decl, byArity, argTypes);
      return T.error;
    }
    let result = candidates.map((o) => o.returns).reduce(join);
    let data: unknown;
    if (decl.check) {
      const hook: CheckHookContext = {
        call: node,
        argTypes,
        schema: options.schema,
        profile: options.profile,
        report,
        literal: (i) => {
          const a = node.args[i];
          return a?.kind === 'string' ? a.value : undefined;
        },
        literalSpan: (i, offset, length) => stringLiteralSpan(options.source, node.args[i]!.span, offset, length),
        setData: (d) => {
          data = d;
        },
      };
      const refined = decl.check(hook);
      if (refined) result = refined;
    }
    calls.set(
      node.id,
      resolveCall(decl, (o) => candidates.includes(o), data),
    );
    return result;
  }

  function reportArgumentMismatch(node: Call, decl: BuiltinDecl, byArity: readonly Signature[], argTypes: readonly Type[]): void {
    // Point at the argument when one position fits no signature; else at the call.
    const i = argTypes.findIndex((t, j) => byArity.every((o) => !isAssignable(t, paramType(o, j))));
    if (i >= 0) {
      const wanted = [...new Set(byArity.map((o) => typeToString(paramType(o, i))))];
      const names = [...new Set(byArity.map((o) => (i < o.params.length ? o.params[i]!.name : o.rest!.name)))];
      report(
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
    report(
      diagnostic(Codes.TypeMismatch, `no signature of ${decl.name} takes (${argTypes.map(typeToString).join(', ')}); it takes: ${sigs.join(' | ')}`, node.span),
    );
  }

  function check(node: Node): Type {
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
        t = T.list(node.items.map(check).reduce<Type>((acc, x) => (acc.kind === 'null' && x.kind !== 'null' ? x : join(acc, x)), T.null));
        if (t.kind === 'list' && t.elem.kind === 'null' && node.items.length === 0) t = T.list(T.dyn);
        break;
      case 'call':
        t = call(node);
        break;
      case 'unary':
        t = unary(node);
        break;
      case 'binary':
        t = binary(node);
        break;
      case 'logical': {
        condition(node.left, check(node.left));
        condition(node.right, check(node.right));
        t = T.boolean;
        break;
      }
      case 'conditional': {
        condition(node.test, check(node.test));
        t = join(check(node.then), check(node.else));
        break;
      }
      case 'error':
        t = T.error;
        break;
    }
    types.set(node.id, t);
    return t;
  }

  const type = check(ast);
  const expected = profile.result;
  if (expected.kind !== 'dyn' && !isOpen(type) && type.kind !== 'null' && type.kind !== expected.kind) {
    report(
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
  return { ast, type, types, calls, diagnostics };
}
