/**
 * The format-neutral shape of a rule-set file: what the JSON and the YAML
 * readers both produce, so the structure checks and the condition extraction
 * are written once.
 */
import type { SourceMap } from '../source-map.js';

/** A condition string as found in the file, decoded, with its offset map. */
export interface EmbeddedText {
  readonly value: string;
  readonly map: SourceMap;
  /** Escapes text for insertion inside this literal (JSON escapes, YAML '' ...). */
  escape(text: string): string;
  /** The edit that makes the literal hold `value`, in the same style; undefined when that style cannot hold it. */
  requote(value: string): { readonly start: number; readonly end: number; readonly text: string } | undefined;
}

/** One `key: value` of an object. */
export interface OutlineMember {
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly value: OutlineValue | undefined;
}

interface Located {
  readonly start: number;
  readonly end: number;
}

/** A value of the file, with its document range. */
export type OutlineValue =
  | (Located & { readonly kind: 'object'; readonly members: readonly OutlineMember[] })
  | (Located & { readonly kind: 'array'; readonly items: readonly OutlineValue[] })
  | (Located & { readonly kind: 'string'; readonly value: string; embed(): EmbeddedText })
  | (Located & { readonly kind: 'number' | 'boolean' | 'null' | 'other'; readonly value: unknown });

/** A problem of the file itself (syntax or structure), in document offsets. */
export interface FileProblem {
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
  readonly code: string;
  /** For an unknown field with a likely intended name: the key range's replacement. */
  readonly replacement?: string;
}

/** A rule-set file read into the neutral shape. */
export interface Outline {
  readonly format: 'json' | 'yaml';
  readonly root: OutlineValue | undefined;
  readonly problems: readonly FileProblem[];
}
