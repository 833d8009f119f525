/**
 * What a NeMo Gym assistant message says, as `$.output`: its text parts
 * joined, reasoning (`<think>…</think>`) taken out, a message that is one
 * JSON object (bare or in a fenced ```json block) parsed, and refusal parts
 * kept visible as `refusal`.
 */
import type { JsonValue } from './nemo-gym.js';

type Obj = { readonly [key: string]: JsonValue };
export const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The text of content parts of the given types, joined with no separator (a string content as it is). */
export function partsText(content: JsonValue | undefined, types: readonly string[], field = 'text'): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (isObject(part) && typeof part['type'] === 'string' && types.includes(part['type']) && typeof part[field] === 'string') text += part[field];
  }
  return text;
}

/**
 * Whether an assistant message has anything in it: a non-empty string
 * content, a part with non-empty text, or a refusal part. (Reasoning inside the
 * text still counts: a message cut off while thinking is the answer, an empty one.)
 */
export function saysSomething(message: Obj): boolean {
  const content = message['content'];
  if (typeof content === 'string') return content !== '';
  if (!Array.isArray(content)) return false;
  return content.some((p) => isObject(p) && (p['type'] === 'refusal' || (typeof p['text'] === 'string' && p['text'] !== '')));
}

const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * The answer without its reasoning: every `<think>…</think>` block is removed,
 * blocks nested in it included (a tag opens or closes one level); the text
 * before a `</think>` that closes nothing (the template opened the block in
 * the prompt) is reasoning too, and so is everything after an opening tag
 * that is never closed (a rollout cut off while thinking). Tags are matched
 * exactly, case-sensitively, as models emit them.
 */
export function withoutThinking(text: string): string {
  if (!text.includes(OPEN) && !text.includes(CLOSE)) return text;
  let out = '';
  let depth = 0;
  let at = 0;
  // The next tag of each kind; only the one consumed is searched again, so the scan stays linear.
  let open = text.indexOf(OPEN);
  let close = text.indexOf(CLOSE);
  while (open >= 0 || close >= 0) {
    const isOpen = open >= 0 && (close < 0 || open < close);
    const tag = isOpen ? open : close;
    if (depth === 0) out += text.slice(at, tag);
    if (isOpen) depth++;
    else if (depth > 0) depth--;
    else out = ''; // a closing tag at the top level: all so far was reasoning
    at = tag + (isOpen ? OPEN.length : CLOSE.length);
    if (isOpen) open = text.indexOf(OPEN, at);
    else close = text.indexOf(CLOSE, at);
  }
  if (depth === 0) out += text.slice(at);
  return out.trim();
}

/** The body of a text that is exactly one fenced code block tagged `json` (or untagged), else undefined. */
function fencedBody(text: string): string | undefined {
  const m = /^```[ \t]*(json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/i.exec(text);
  return m ? m[2] : undefined;
}

/** A JSON object text's value, else undefined. Only a text that starts like an object is worth a parse attempt. */
function parsedObject(text: string): Obj | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const v = JSON.parse(text) as JsonValue;
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `$.output` for an assistant message: with a refusal part, `{ refusal }`
 * (plus `text` when it also has text); else the parsed object when the
 * answer (reasoning removed, trimmed) is a JSON object, bare or fenced;
 * else `{ text }` with the answer.
 */
export function messageOutput(message: Obj): JsonValue {
  const content = message['content'];
  const text = partsText(content, ['output_text']);
  const answer = withoutThinking(text);
  const refusal = partsText(Array.isArray(content) ? content : undefined, ['refusal'], 'refusal');
  if (refusal !== '' || (Array.isArray(content) && content.some((p) => isObject(p) && p['type'] === 'refusal'))) {
    return answer === '' ? { refusal } : { text: answer, refusal };
  }
  const trimmed = answer.trim();
  // A message that is a JSON object as a whole is taken as it is, even when a string in it mentions a think tag.
  const structured = parsedObject(text) ?? parsedObject(trimmed) ?? parsedObject(fencedBody(trimmed) ?? '');
  return structured ?? { text: answer };
}
