import type { ArithmeticOp } from '../../common/ast/nodes.js';
import type { Closure } from '../../runtime/builtins/define.js';
import { Codes } from '../../common/diagnostics/codes.js';
import type { Span } from '../../common/diagnostics/span.js';
import { finite } from '../../runtime/core/operators.js';
import { Fault } from '../../runtime/core/fault.js';

/**
 * Arithmetic on two operands the checker proved to be numbers (or null): one
 * closure per operator, so the hot path has no dispatch on the operator or on
 * operand types. `z - z !== 0` is true exactly for NaN and infinities.
 */
export function compileNumberOp(op: ArithmeticOp, l: Closure, r: Closure, span: Span, kl?: unknown, kr?: unknown): Closure {
  // A number literal operand is held, not called for (`0.7 * x`, `x / 10`); a zero divisor keeps the general form, which raises the error.
  if (typeof kr === 'number' && (kr !== 0 || (op !== '/' && op !== '%'))) return withRightNumber(op, l, kr, span);
  if (typeof kl === 'number') return withLeftNumber(op, kl, r, span);
  switch (op) {
    case '+':
      return (rt) => {
        const a = l(rt);
        const b = r(rt);
        if (a === null || b === null) return null;
        const z = (a as number) + (b as number);
        return z - z === 0 ? z : finite(z, span);
      };
    case '-':
      return (rt) => {
        const a = l(rt);
        const b = r(rt);
        if (a === null || b === null) return null;
        const z = (a as number) - (b as number);
        return z - z === 0 ? z : finite(z, span);
      };
    case '*':
      return (rt) => {
        const a = l(rt);
        const b = r(rt);
        if (a === null || b === null) return null;
        const z = (a as number) * (b as number);
        return z - z === 0 ? z : finite(z, span);
      };
    case '/':
      return (rt) => {
        const a = l(rt);
        const b = r(rt);
        if (a === null || b === null) return null;
        if (b === 0) throw new Fault(Codes.DivisionByZero, 'division by zero', span);
        const z = (a as number) / (b as number);
        return z - z === 0 ? z : finite(z, span);
      };
    case '%':
      return (rt) => {
        const a = l(rt);
        const b = r(rt);
        if (a === null || b === null) return null;
        if (b === 0) throw new Fault(Codes.DivisionByZero, 'remainder by zero', span);
        const z = (a as number) % (b as number);
        return z - z === 0 ? z : finite(z, span);
      };
  }
}

/** `a <op> k` for a number literal k (not a zero divisor). */
function withRightNumber(op: ArithmeticOp, l: Closure, k: number, span: Span): Closure {
  const done = (z: number) => (z - z === 0 ? z : finite(z, span));
  switch (op) {
    case '+':
      return (rt) => {
        const a = l(rt);
        return a === null ? null : done((a as number) + k);
      };
    case '-':
      return (rt) => {
        const a = l(rt);
        return a === null ? null : done((a as number) - k);
      };
    case '*':
      return (rt) => {
        const a = l(rt);
        return a === null ? null : done((a as number) * k);
      };
    case '/':
      return (rt) => {
        const a = l(rt);
        return a === null ? null : done((a as number) / k);
      };
    case '%':
      return (rt) => {
        const a = l(rt);
        return a === null ? null : done((a as number) % k);
      };
  }
}

/** `k <op> b` for a number literal k. */
function withLeftNumber(op: ArithmeticOp, k: number, r: Closure, span: Span): Closure {
  const done = (z: number) => (z - z === 0 ? z : finite(z, span));
  switch (op) {
    case '+':
      return (rt) => {
        const b = r(rt);
        return b === null ? null : done(k + (b as number));
      };
    case '-':
      return (rt) => {
        const b = r(rt);
        return b === null ? null : done(k - (b as number));
      };
    case '*':
      return (rt) => {
        const b = r(rt);
        return b === null ? null : done(k * (b as number));
      };
    case '/':
      return (rt) => {
        const b = r(rt);
        if (b === null) return null;
        if (b === 0) throw new Fault(Codes.DivisionByZero, 'division by zero', span);
        return done(k / (b as number));
      };
    case '%':
      return (rt) => {
        const b = r(rt);
        if (b === null) return null;
        if (b === 0) throw new Fault(Codes.DivisionByZero, 'remainder by zero', span);
        return done(k % (b as number));
      };
  }
}
