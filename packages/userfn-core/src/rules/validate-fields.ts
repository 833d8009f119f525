import type { Span } from '../common/diagnostics/span.js';
import { suggest } from '../common/diagnostics/suggest.js';
import { RuleSetCodes, type RuleSetCode } from './codes.js';
import { describeLocated, type Located, type LocatedObject } from './located.js';

/** Records one structure problem. */
export type Report = (code: RuleSetCode, message: string, span: Span | undefined, extra?: { ruleId?: string; suggestion?: string; hint?: string }) => void;

/** The first character of a value: where a problem about the whole of it (a field it lacks) is shown. */
export const head = (span: Span | undefined): Span | undefined => span && { start: span.start, end: Math.min(span.end, span.start + 1) };

export const didYouMean = (s: string | undefined) => (s !== undefined ? { suggestion: s, hint: `did you mean '${s}'?` } : {});

/** The object's known fields by name; every unknown field (with a did-you-mean) and repeated one is reported. */
export function fields(o: LocatedObject, known: readonly string[], where: string, report: Report): Map<string, Located> {
  const out = new Map<string, Located>();
  const seen = new Set<string>();
  for (const e of o.entries) {
    if (seen.has(e.key)) report(RuleSetCodes.DuplicateField, `field '${e.key}' appears twice ${where}`, e.keySpan);
    seen.add(e.key);
    if (known.includes(e.key)) {
      if (!out.has(e.key)) out.set(e.key, e.value);
    } else {
      const s = suggest(e.key, known);
      report(
        RuleSetCodes.UnknownField,
        `unknown field '${e.key}' ${where}`,
        e.keySpan,
        s !== undefined ? didYouMean(s) : { hint: `the fields are ${known.join(', ')}` },
      );
    }
  }
  return out;
}

export function optionalString(v: Located | undefined, what: string, wrong: (message: string, span: Span | undefined) => void): string | undefined {
  if (!v) return undefined;
  if (v.kind === 'scalar' && typeof v.value === 'string') return v.value;
  wrong(`${what} must be a string, not ${describeLocated(v)}`, v.span);
  return undefined;
}
