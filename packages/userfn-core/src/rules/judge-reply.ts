/** One rule's verdict from one reply, or why the reply gave none. */
export type SampleVerdict = { readonly pass: boolean; readonly score: number; readonly reason: string } | { readonly error: string };

/** A reply read against the ids asked: a verdict or an error for each, and the ids it answered that were not asked (ignored). */
export interface ParsedReply {
  readonly verdicts: ReadonlyMap<string, SampleVerdict>;
  readonly ignored: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The start of a text for a message, on one line. */
export function excerpt(text: string, max = 80): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${JSON.stringify(one.slice(0, max))}…` : JSON.stringify(one);
}

/**
 * Reads a judge's reply: a JSON object `{ results: [{ id, reason, pass,
 * score }] }` (the whole reply, or the whole reply in one ```json fence). Only the asked ids are taken (an entry for another id is
 * ignored and listed); an asked id with no entry, two entries, or an entry
 * whose fields do not fit (pass not a boolean, score not a number from 0 to
 * 1, reason not a string) gets an error, never a verdict. A reply that is
 * not such an object gives every asked id an error.
 */
export function parseJudgeReply(content: string, asked: readonly string[]): ParsedReply {
  const all = (error: string): ParsedReply => ({ verdicts: new Map(asked.map((id) => [id, { error }])), ignored: [] });
  let reply: unknown;
  try {
    // A model that ignores response_format may still wrap the whole reply in one ```json fence: only that is unwrapped.
    const fenced = /^\s*```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n```\s*$/.exec(content);
    reply = JSON.parse(fenced ? fenced[1]! : content);
  } catch {
    return all(`the judge's reply is not JSON: ${excerpt(content)}`);
  }
  if (!isObject(reply) || !Array.isArray(reply['results'])) return all(`the judge's reply is not an object with a 'results' list: ${excerpt(content)}`);

  const askedSet = new Set(asked);
  const entries = new Map<string, unknown[]>();
  const ignored: string[] = [];
  for (const entry of reply['results'] as unknown[]) {
    const id = isObject(entry) ? entry['id'] : undefined;
    if (typeof id !== 'string' || !askedSet.has(id)) {
      ignored.push(typeof id === 'string' ? id : excerpt(JSON.stringify(entry) ?? String(entry), 40));
      continue;
    }
    const list = entries.get(id) ?? [];
    list.push(entry);
    entries.set(id, list);
  }
  const verdicts = new Map<string, SampleVerdict>();
  for (const id of asked) {
    const list = entries.get(id);
    if (!list) verdicts.set(id, { error: "the judge's reply has no verdict for this rule" });
    else if (list.length > 1) verdicts.set(id, { error: `the judge's reply has ${list.length} verdicts for this rule` });
    else verdicts.set(id, readEntry(list[0] as Record<string, unknown>));
  }
  return { verdicts, ignored };
}

function readEntry(e: Record<string, unknown>): SampleVerdict {
  const { pass, score, reason } = e;
  if (typeof pass !== 'boolean') return { error: `the judge's 'pass' is not true or false: ${excerpt(JSON.stringify(pass) ?? 'absent', 40)}` };
  if (typeof score !== 'number' || !(score >= 0 && score <= 1))
    return { error: `the judge's 'score' is not a number from 0 to 1: ${excerpt(JSON.stringify(score) ?? 'absent', 40)}` };
  if (typeof reason !== 'string') return { error: "the judge's 'reason' is not a string" };
  return { pass, score, reason };
}
