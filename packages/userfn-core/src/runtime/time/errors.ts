/** A text that is not a valid date-time in the expected form; the message says what is wrong and where. */
export class TimeParseError extends Error {
  override readonly name = 'TimeParseError';
}

/** An invalid or unsupported `datetime_parse` pattern; `offset` is the UTF-16 offset of the fault inside the pattern. */
export class PatternError extends Error {
  override readonly name = 'PatternError';

  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
