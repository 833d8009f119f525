/**
 * Completion of a judge rule's fields in a rule-set file: inside a `judge`
 * object, the fields it does not have yet (prompt, include, threshold,
 * samples), each with what it takes. Where the object stands comes from the
 * core's reading of the file (readRuleSetDocument), so the editor and the
 * loader agree on it.
 */
import { JUDGE_FIELDS, JUDGE_PARTS, MAX_JUDGE_SAMPLES, type RuleSetJudgeObject } from '@userfn/core';

/** One field to offer: its name, the text to insert in place of [start, end), and its documentation. */
export interface JudgeFieldCompletion {
  readonly label: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly documentation: string;
}

const DOCS: Readonly<Record<string, string>> = {
  prompt: 'The criterion the judge applies (required). The rule passes when the judge says pass.',
  include: `What the judge sees (default: [output]): ${Object.keys(JUDGE_PARTS).join(', ')}, or a JSONPath such as $.output.answer.`,
  threshold: "A number from 0 to 1: the judge's score must also reach it.",
  samples: `Ask 1 to ${MAX_JUDGE_SAMPLES} times and take the majority (odd numbers decide); disagreement is reported.`,
};

const lineStart = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The judge object the cursor stands in, at a place where a field name goes. */
function judgeAt(text: string, offset: number, judges: readonly RuleSetJudgeObject[], yaml: boolean): RuleSetJudgeObject | undefined {
  for (const j of judges) {
    if (!yaml) {
      if (offset > j.span.start && offset < j.span.end) return j;
      continue;
    }
    // YAML: the object's first key sets the indentation; the cursor is on a line of that indentation, after the object's start, with only blank lines (and the word being typed) between the object's end and it.
    const column = j.span.start - lineStart(text, j.span.start);
    const from = lineStart(text, offset);
    if (offset < j.span.start || from <= j.span.start) continue;
    const indent = /^ */.exec(text.slice(from, offset))![0].length;
    if (indent !== column) continue;
    const between = text.slice(Math.min(j.span.end, from), from);
    if (offset <= j.span.end || /^\s*$/.test(between)) return j;
  }
  return undefined;
}

/** The judge fields to offer at `offset` of a rule-set file (none outside a judge object). */
export function completeJudgeFields(text: string, offset: number, judges: readonly RuleSetJudgeObject[], format: 'json' | 'yaml'): JudgeFieldCompletion[] {
  const j = judgeAt(text, offset, judges, format === 'yaml');
  if (!j) return [];
  const before = text.slice(lineStart(text, offset), offset);
  const word = (format === 'json' ? /"?[A-Za-z_]*$/ : /(?:^|(?<=[\s{,]))[A-Za-z_]*$/).exec(before)?.[0] ?? '';
  // In YAML the cursor must be where a key starts (after the indentation, or in a flow mapping).
  if (format === 'yaml' && !/^\s*[A-Za-z_]*$/.test(before) && !/[{,]\s*[A-Za-z_]*$/.test(before)) return [];
  const start = offset - word.length;
  const end = offset + (/^[A-Za-z_]*"?/.exec(text.slice(offset))?.[0].length ?? 0);
  return JUDGE_FIELDS.filter((f) => !j.fields.includes(f)).map((f) => ({
    label: f,
    start,
    end: format === 'json' ? end : offset,
    text: format === 'json' ? `"${f}": ` : `${f}: `,
    documentation: DOCS[f] ?? '',
  }));
}
