import { condition } from '../core/operators.js';
import { T } from '../../common/types/type.js';
import { defineBuiltin, p } from './define.js';

/**
 * `if(c, a, b)`: `if` is a keyword, and the parser turns this form into a
 * conditional node (like `if (c) a else b` and `c ? a : b`), so no call ever
 * resolves to this declaration; it is declared so that completion, hover,
 * signature help and the reference docs list it like any function. As a lazy
 * builtin it carries one implementation over thunks, with the conditional's
 * meaning, and its signature carries none.
 */
export const ifBuiltin = defineBuiltin({
  name: 'if',
  category: 'logic',
  doc: 'The function form of the conditional: `if(c, a, b)` is `b` unless `c` is true, then `a`. Only the branch taken is evaluated; a null condition counts as false.',
  lazy: ([c, a, b], _rt, span) => (condition(c!(), span) ? a!() : b!()),
  overloads: [{ params: [p('condition', T.boolean), p('then', T.dyn), p('else', T.dyn)], returns: T.dyn }],
  examples: [
    { expr: "if(get('$.output.lang') == 'fra', 1.6, 1)", context: { output: { lang: 'fra' } }, result: 1.6 },
    { expr: 'if(null, 1, 2)', result: 2 },
  ],
});
