import { forEachContainer } from './values.js';

/*
 * Canaries: tripwires that record when code runs that no evaluation should
 * run. They record only while armed (between arm() and remove()), so the
 * test's own work around an evaluation cannot trip them.
 *
 * - `globalThis.__userfnPwned`: the battery's payloads call it, so any
 *   payload text that gets executed (by eval, Function, a vm) is seen.
 * - Accessors on Object.prototype for names the battery reads
 *   (`polluted`, `isAdmin`, ...): reading an inherited member, or writing one
 *   (prototype pollution), is seen.
 * - The code-making primitives replaced by recorders: `Function.prototype.constructor`
 *   and `Object.prototype.constructor` (what `x.constructor.constructor(code)`
 *   reaches), the constructors of async and generator functions, and the
 *   global `Function` and `eval`.
 * - On every object and list of a context: a `Symbol.toPrimitive` recorder
 *   (any coercion of a context value to a string or number runs it) and, on
 *   the root, a non-enumerable getter (any traversal that looks past the own
 *   enumerable members reads it).
 */

/** The function the battery's payloads call. */
export const PAYLOAD_CANARY = '__userfnPwned';

/** Names that get a recording accessor on Object.prototype. */
export const PROTOTYPE_CANARIES = ['polluted', 'pwned', 'isAdmin', 'userfnCanary'] as const;

/** A non-enumerable member put on every context root. */
export const HIDDEN_CONTEXT_MEMBER = 'userfnHidden';

export interface Canaries {
  /** Starts recording. */
  arm(): void;
  /** Stops recording and removes every canary (idempotent); returns what was hit. */
  remove(): string[];
  /** Puts the context canaries on every object and list of a context (before it is frozen). */
  guardContext(context: unknown): void;
}

type Keyed = Record<PropertyKey, unknown>;

// The intrinsic constructors of the other function kinds, reached by `(async () => {}).constructor` etc.
const FUNCTION_KINDS: ReadonlyArray<[string, object]> = [
  ['Function', Function.prototype],
  ['AsyncFunction', Object.getPrototypeOf(async () => {}) as object],
  ['GeneratorFunction', Object.getPrototypeOf(function* () {}) as object],
  ['AsyncGeneratorFunction', Object.getPrototypeOf(async function* () {}) as object],
];

/** Installs every global canary; they record once armed. Always call remove() (in a finally). */
export function installCanaries(): Canaries {
  const hits: string[] = [];
  let armed = false;
  const hit = (what: string): void => {
    if (armed) hits.push(what);
  };
  const restorers: Array<() => void> = [];
  const replace = (target: object, key: PropertyKey, descriptor: PropertyDescriptor): void => {
    const old = Object.getOwnPropertyDescriptor(target, key);
    Object.defineProperty(target, key, { configurable: true, enumerable: false, ...descriptor });
    restorers.push(() => {
      if (old) Object.defineProperty(target, key, old);
      else delete (target as Keyed)[key];
    });
  };
  /** A stand-in for a code-making function: records the call and returns a function that records its own call. */
  const recorder = (label: string) =>
    function canary(): () => void {
      hit(`${label} was called`);
      return () => hit(`a function made by ${label} was called`);
    };

  replace(globalThis, PAYLOAD_CANARY, { value: () => hit(`${PAYLOAD_CANARY}() was called: a payload ran`), writable: true });
  for (const name of PROTOTYPE_CANARIES) {
    replace(Object.prototype, name, {
      get: () => {
        hit(`Object.prototype.${name} was read`);
        return undefined;
      },
      set: () => hit(`Object.prototype.${name} was written`),
    });
  }
  for (const [label, proto] of FUNCTION_KINDS) replace(proto, 'constructor', { value: recorder(`${label} (reached through .constructor)`), writable: true });
  replace(Object.prototype, 'constructor', { value: recorder('Object (reached through .constructor)'), writable: true });
  replace(globalThis, 'Function', { value: recorder('the global Function'), writable: true });
  replace(globalThis, 'eval', { value: recorder('the global eval'), writable: true });

  let removed = false;
  return {
    arm() {
      armed = true;
    },
    remove() {
      armed = false;
      if (!removed) {
        removed = true;
        for (const restore of restorers.reverse()) restore();
      }
      return [...hits];
    },
    guardContext(context) {
      forEachContainer(context, (o) => {
        if (Object.isExtensible(o)) {
          Object.defineProperty(o, Symbol.toPrimitive, {
            value: () => {
              hit('a context value was coerced to a primitive');
              return 0;
            },
            enumerable: false,
          });
        }
      });
      if (typeof context === 'object' && context !== null && Object.isExtensible(context) && !Object.hasOwn(context, HIDDEN_CONTEXT_MEMBER)) {
        Object.defineProperty(context, HIDDEN_CONTEXT_MEMBER, {
          get: () => {
            hit(`the non-enumerable context member ${HIDDEN_CONTEXT_MEMBER} was read`);
            return 'hidden';
          },
          enumerable: false,
        });
      }
    },
  };
}

// ---- the world: prototypes and globals, compared before and after ----

const ids = new WeakMap<object, number>();
let nextId = 1;
function identity(v: unknown): string {
  if ((typeof v === 'object' && v !== null) || typeof v === 'function') {
    let id = ids.get(v);
    if (id === undefined) ids.set(v, (id = nextId++));
    return `#${id}`;
  }
  return `${typeof v}:${String(v)}`;
}

/** The objects whose own properties must not change: the global object and the intrinsics an escape would touch. */
function watched(): ReadonlyArray<[string, object]> {
  return [
    ['globalThis', globalThis],
    ['Object.prototype', Object.prototype],
    ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype],
    ['String.prototype', String.prototype],
    ['Number.prototype', Number.prototype],
    ['Boolean.prototype', Boolean.prototype],
    ['Symbol.prototype', Symbol.prototype],
    ['RegExp.prototype', RegExp.prototype],
    ['Date.prototype', Date.prototype],
    ['Error.prototype', Error.prototype],
    ['Map.prototype', Map.prototype],
    ['Set.prototype', Set.prototype],
    ['Promise.prototype', Promise.prototype],
    ['Object', Object],
    ['Array', Array],
    ['JSON', JSON],
    ['Math', Math],
    ['Reflect', Reflect],
    ...FUNCTION_KINDS.slice(1).map(([label, proto]): [string, object] => [`${label}.prototype`, proto]),
  ];
}

let settled = false;

/**
 * Node defines some globals (TextEncoder, URL, fetch, ...) as accessors that
 * load their module on first read and then replace themselves with a data
 * property. A dependency reading one for the first time would look like a
 * changed global, so every global accessor is read once, before the first
 * snapshot.
 */
function settleLazyGlobals(): void {
  if (settled) return;
  settled = true;
  for (const key of Reflect.ownKeys(globalThis)) {
    const d = Object.getOwnPropertyDescriptor(globalThis, key);
    if (d?.get) {
      try {
        void (globalThis as Keyed)[key];
      } catch {
        // An accessor that throws stays an accessor: nothing to settle.
      }
    }
  }
}

/** Every own property of the watched objects: name, descriptor flags and the identity of its value or accessors. */
export function snapshotWorld(): Map<string, string> {
  settleLazyGlobals();
  const out = new Map<string, string>();
  for (const [label, target] of watched()) {
    out.set(`${label} [[Prototype]]`, identity(Object.getPrototypeOf(target)));
    out.set(`${label} [[Extensible]]`, String(Object.isExtensible(target)));
    for (const key of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, key)!;
      const flags = `${d.enumerable ? 'e' : '-'}${d.configurable ? 'c' : '-'}${d.writable ? 'w' : '-'}`;
      out.set(`${label}.${String(key)}`, 'value' in d ? `${flags} value ${identity(d.value)}` : `${flags} get ${identity(d.get)} set ${identity(d.set)}`);
    }
  }
  return out;
}

/** What changed between two snapshots, one line per property; empty when nothing did. */
export function diffWorld(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [k, v] of after) {
    if (!before.has(k)) changes.push(`added ${k}`);
    else if (before.get(k) !== v) changes.push(`changed ${k}: ${before.get(k)} -> ${v}`);
  }
  for (const k of before.keys()) if (!after.has(k)) changes.push(`removed ${k}`);
  return changes;
}
