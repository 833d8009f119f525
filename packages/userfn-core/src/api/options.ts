import type { HostFunctions } from '../runtime/builtins/host.js';
import type { Limits } from '../common/limits.js';
import type { ProfileName } from '../common/profiles/profiles.js';
import type { JsonSchema } from '../common/profiles/schema.js';

/** Options for check, compile and evaluate. */
export interface CompileOptions {
  /** What the expression is for: fixes the expected result type and the default context schema. Default `verification`. */
  readonly profile?: ProfileName;
  /** A context JSON Schema (subset) to check paths and types against; replaces the profile's schema. */
  readonly contextSchema?: JsonSchema;
  /** The host's own functions, with typed signatures. */
  readonly functions?: HostFunctions;
  /** The default clock for evaluations (an evaluation's own `now` wins). */
  readonly now?: Date | string;
  /** Resource limits; unspecified ones keep their defaults. */
  readonly limits?: Partial<Limits>;
}

/** Options for one evaluation. */
export interface EvaluateOptions {
  /** Fixes the evaluation's clock. */
  readonly now?: Date | string;
}
