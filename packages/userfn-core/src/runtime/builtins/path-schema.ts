import { Codes } from '../../common/diagnostics/codes.js';
import { warning } from '../../common/diagnostics/diagnostic.js';
import { singleQuoted } from '../core/json-text.js';
import type { CompiledPath } from '../jsonpath/index.js';
import { declaredNames, isStringSchema, itemsOf, memberSchema, OPEN, schemaType, UNDECLARED, type JsonSchema } from '../../common/profiles/schema.js';
import { T, type Type } from '../../common/types/type.js';
import { PROFILE_NAMES, PROFILES } from '../../common/profiles/profiles.js';
import { suggest } from '../../common/diagnostics/suggest.js';
import type { CheckHookContext } from './define.js';

/**
 * The words of UF2106 for a path whose part before `at` is a string (`where`
 * says how that is known: the schema, a sample context): a path cannot read
 * inside a string; `json_get` reads inside JSON text. `one` is, for a path
 * whose part before `at` selects several strings (`$.tool_calls[*].output`),
 * that part with `[0]` for each wildcard: json_get reads one at a time.
 * `reason` is the message without what the read gives.
 */
export function throughStringWords(pathSource: string, at: number, where = '', one?: string): { message: string; reason: string; hint: string } {
  const prefix = pathSource.slice(0, at);
  const rest = singleQuoted(`$${pathSource.slice(at)}`);
  if (one !== undefined) {
    const reason = `${where}'${prefix}' selects strings: a path cannot read inside them`;
    return {
      message: `${reason}, so this gives an empty list`,
      reason,
      hint: `if they hold JSON text, read inside one at a time with json_get(get(${singleQuoted(one)}), ${rest})`,
    };
  }
  const reason = `${where}'${prefix}' is a string: a path cannot read inside it`;
  return {
    message: `${reason}, so this gives null`,
    reason,
    hint: `if it holds JSON text, read inside it with json_get(get(${singleQuoted(prefix)}), ${rest})`,
  };
}

/** The warning for a path that goes on past a value the schema types as a string. */
function readThroughString(path: CompiledPath, at: number, ctx: CheckHookContext, arg: number) {
  const { message, hint } = throughStringWords(path.source, at);
  return warning(Codes.ReadThroughString, message, ctx.literalSpan(arg, at, path.source.length - at), hint);
}

/**
 * The type of each literal path typed through a built-in profile's schema
 * without a warning. Those schemas are deep-frozen (profiles.ts), so a path's
 * type through them never changes, and a compiled path is shared by every
 * expression that reads its text (support.ts): a rule set types
 * `$.output.status` once, not in every condition. A host's own schema is
 * typed every time: the host may change it between compiles. Keyed weakly
 * by the path, so the paths the path cache lets go are let go here too.
 */
const builtInPathTypes = new Map<JsonSchema, WeakMap<CompiledPath, Type>>();
for (const name of PROFILE_NAMES) {
  const schema = PROFILES[name].schema;
  if (schema !== undefined) builtInPathTypes.set(schema, new WeakMap());
}

/**
 * Types a literal path against the context schema, warning (never failing) on
 * members the schema does not declare, with a did-you-mean. Where the schema
 * says nothing, the type is `dyn`.
 */
export function pathTypeFromSchema(path: CompiledPath, ctx: CheckHookContext, arg = 0): Type {
  const root = ctx.schema;
  if (!root) return path.singular ? T.dyn : T.list(T.dyn);
  const kept = builtInPathTypes.get(root);
  const typed = kept?.get(path);
  if (typed !== undefined) return typed;
  let schema: JsonSchema | undefined = root;
  let known = true;
  let warned = false;
  for (const segment of path.segments) {
    if (!known) break;
    if (isStringSchema(schema)) {
      warned = true;
      ctx.report(readThroughString(path, segment.offset, ctx, arg));
      known = false;
      break;
    }
    if (segment.descendant || segment.selectors.length !== 1) {
      known = false;
      break;
    }
    const sel = segment.selectors[0]!;
    switch (sel.kind) {
      case 'name': {
        const found = memberSchema(schema, sel.name);
        if (found === UNDECLARED) {
          warned = true;
          const declared = declaredNames(schema);
          const guess = suggest(sel.name, declared);
          ctx.report(
            warning(
              Codes.UndeclaredPath,
              `'${sel.name}' is not declared in the context schema${guess ? `; did you mean '${guess}'?` : ''}`,
              ctx.literalSpan(arg, sel.offset, sel.length),
              guess ? `did you mean '${guess}'?` : `declared here: ${declared.slice(0, 8).join(', ')}`,
            ),
          );
        }
        if (found === OPEN || found === UNDECLARED) known = false;
        else schema = found;
        break;
      }
      case 'index':
      case 'wildcard':
      case 'slice':
      case 'filter':
        schema = itemsOf(schema);
        if (!schema) known = false;
        break;
    }
  }
  const leaf = known ? schemaType(schema) : T.dyn;
  const type = path.singular ? leaf : T.list(leaf);
  // a path that warned is typed again each time: its warning is this literal's, at its place
  if (kept !== undefined && !warned) kept.set(path, type);
  return type;
}
