/** A syntax or well-typedness error in a JSONPath query, as plain data (see `tryCompilePath`). */
export interface JsonPathError {
  message: string;
  /** UTF-16 offset inside the path string where the bad part starts. */
  offset: number;
  /** UTF-16 length of the bad part; 0 when the problem is a missing piece (e.g. at the end). */
  length: number;
}

/** Thrown by `compilePath` for a query that is not valid RFC 9535 (syntax or well-typedness). */
export class JsonPathSyntaxError extends Error {
  override readonly name = 'JsonPathSyntaxError';
  readonly offset: number;
  readonly length: number;

  constructor(message: string, offset: number, length: number) {
    super(message);
    this.offset = offset;
    this.length = length;
  }

  /** The error as plain data. */
  toJsonPathError(): JsonPathError {
    return { message: this.message, offset: this.offset, length: this.length };
  }
}

/** Thrown while evaluating a query when its `VisitBudget` runs out (too many nodes, or too deep). */
export class JsonPathLimitError extends Error {
  override readonly name = 'JsonPathLimitError';
  readonly which: 'visits' | 'depth';

  constructor(which: 'visits' | 'depth', message: string) {
    super(message);
    this.which = which;
  }
}
