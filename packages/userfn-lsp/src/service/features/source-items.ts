/**
 * Results computed in a UserFn source's own offsets, before they are mapped
 * into the document (through a rule set's JSON or YAML string escapes).
 */

/** A replacement of source[start, end) by `text` (UserFn source text). */
export interface SourceEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A completion item in source offsets. */
export interface SourceCompletion {
  readonly label: string;
  readonly kind: 'function' | 'keyword' | 'property' | 'value';
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  readonly filterText?: string;
  readonly sortText?: string;
  readonly edit: SourceEdit;
  /** The edit text is a snippet (`${1:name}` placeholders). */
  readonly snippet?: boolean;
}
