import { condition } from '../core/operators.js';
import { T } from '../../common/types/type.js';
import { defineBuiltin, p } from './define.js';

/**
 * `if(c, a, b)`: the parser turns this form into a conditional node (like
 * `if (c) a else b` and `c ? a : b`), so evaluation never goes through this
 * declaration's implementation in practice; it is declared here so that
 * completion, hover, signature help and the reference docs list it like any
 * function. Its lazy implementation has the same meaning, for completeness.
 */
export const ifBuiltin = defineBuiltin({
  name: 'if',
  category: 'logic',
  doc: 'The function form of the conditional: `if(c, a, b)` is `b` unless `c` is true, then `a`. Only the branch taken is evaluated; a null condition counts as false.',
  nullAware: true,
  lazy: ([c, a, b], _rt, span) => (condition(c!(), span) ? a!() : b!()),
  overloads: [{ params: [p('condition', T.boolean), p('then', T.dyn), p('else', T.dyn)], returns: T.dyn, impl: ([c, a, b]) => (c === true ? a! : b!) }],
  examples: [
    { expr: "if(get('$.output.lang') == 'fra', 1.6, 1)", context: { output: { lang: 'fra' } }, result: 1.6 },
    { expr: 'if(null, 1, 2)', result: 2 },
  ],
});
