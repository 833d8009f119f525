import type { ArithmeticOp } from '../ast/nodes.js';
import type { Closure } from '../builtins/define.js';
import { Codes } from '../diagnostics/codes.js';
import type { Span } from '../diagnostics/span.js';
import { finite } from '../runtime/operators.js';
import { Fault } from '../runtime/fault.js';

/**
 * Arithmetic on two operands the checker proved to be numbers (or null): one
 * closure per operator, so the hot path has no dispatch on the operator or on
 * operand types. `z - z !== 0` is true exactly for NaN and infinities.
 */
export function compileNumberOp(op: ArithmeticOp, l: Closure, r: Closure, span: Span): Closure {
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
