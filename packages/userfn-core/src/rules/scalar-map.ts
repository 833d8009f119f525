import type { Span } from '../common/diagnostics/span.js';
import { decodeJsonString } from './json-string.js';
import type { ScalarStyle } from './located.js';
import { CoarseMap, OffsetTableMap, type OffsetMap } from './offset-map.js';
import { decodeYamlScalar } from './yaml-scalar.js';

/** The value and unit offsets of the scalar's text decoded again, or undefined when its style is not modelled. */
function decode(text: string, span: Span, style: ScalarStyle): { value: string; starts: number[] } | undefined {
  if (style !== 'json') return decodeYamlScalar(text, span.start, span.end, style);
  const d = decodeJsonString(text, span.start);
  return d.error ? undefined : d;
}

/**
 * The offset map of a string scalar of a rule-set file, whose value `value`
 * was read from `text` at `span`. Exact (every UTF-16 unit of the value maps
 * to the text that encodes it: JSON escapes, YAML quoting, line folding,
 * block indentation and chomping) when the scalar's text decodes again to
 * that very value; otherwise, or without a style (a YAML alias), coarse: the
 * whole scalar. A corner the decoder does not model costs precision, never
 * correctness.
 */
export function scalarMap(text: string, span: Span, style: ScalarStyle | undefined, value: string): OffsetMap {
  const decoded = style === undefined ? undefined : decode(text, span, style);
  return decoded && decoded.value === value ? new OffsetTableMap(decoded.starts) : new CoarseMap(span.start, span.end, value.length);
}

/**
 * Reads again the JSON string literal at `span` of an edited file, for an
 * editor that updates its model of a rule set in place when an edit stays
 * inside one condition: the literal's value and exact offset map, or
 * undefined when the text at `span` is no longer exactly one valid JSON
 * string (then the whole file must be read again). The literal's extent is
 * set by its quotes, so a string that still starts and ends where `span` says
 * leaves the rest of the file's structure as it was.
 */
export function rereadJsonString(text: string, span: Span): { readonly value: string; readonly map: OffsetMap } | undefined {
  if (text.charCodeAt(span.start) !== 34 /* " */) return undefined;
  const d = decodeJsonString(text, span.start);
  return d.error || d.end !== span.end ? undefined : { value: d.value, map: new OffsetTableMap(d.starts) };
}
