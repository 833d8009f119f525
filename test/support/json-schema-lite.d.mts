/** A JSON Schema, or a part of one: `true`, `false` or an object of keywords. */
export type Schema = boolean | { readonly [keyword: string]: unknown };

/** Structural equality of JSON values (own enumerable keys, any order). */
export declare function jsonEqual(a: unknown, b: unknown): boolean;

/** Every problem of `value` against `schema` (a part of `root`, by default all of it), as "path: message"; empty when valid. */
export declare function validateJson(root: Schema, value: unknown, schema?: Schema, path?: string): string[];
