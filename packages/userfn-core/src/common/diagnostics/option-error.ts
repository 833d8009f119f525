/**
 * A malformed option (an unknown profile, a schema that is not an object, a
 * host function declared wrongly, a bad clock): the caller's mistake, which
 * the API reports as UF2008 "invalid argument". Anything else thrown while
 * parsing and checking is a bug of the package, reported as an internal error.
 */
export class OptionError extends Error {
  override readonly name = 'OptionError';
}
