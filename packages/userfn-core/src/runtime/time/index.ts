// Parsing and component access for the time builtins (iso_datetime_parse,
// datetime_parse, to_unix_timestamp, year … weekday). README.md lists every
// accepted form and pattern letter.
export { PatternError, TimeParseError } from './errors.js';
export { parseIsoDatetime } from './iso-parse.js';
export { parseDatetimePattern } from './pattern-parse.js';
export { validatePattern } from './pattern-compile.js';
export { datetimeParts, toUnixTimestamp } from './parts.js';
export { SUPPORTED_PATTERN_LETTERS } from './pattern-letters.js';
