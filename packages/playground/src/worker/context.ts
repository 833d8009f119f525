/** The context as the worker holds it: parsed once per change, with what the page shows about it. */

/** What the page shows about the context. */
export type ContextStatus = { readonly ok: true; readonly chars: number } | { readonly ok: false; readonly chars: number; readonly message: string };

/** A parsed context, or why it is not one. */
export type ParsedContext =
  | { readonly ok: true; readonly value: unknown; readonly chars: number }
  | { readonly ok: false; readonly chars: number; readonly message: string };

/** Parses the context text. Blank text is `null` (nothing to read), not an error. */
export function parseContext(text: string): ParsedContext {
  if (text.trim() === '') return { ok: true, value: null, chars: text.length };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, chars: text.length };
  } catch (e) {
    return { ok: false, chars: text.length, message: `the context is not valid JSON: ${(e as Error).message}` };
  }
}

/** The status of a parsed context (without the value, which stays in the worker). */
export function contextStatus(parsed: ParsedContext): ContextStatus {
  return parsed.ok ? { ok: true, chars: parsed.chars } : { ok: false, chars: parsed.chars, message: parsed.message };
}
