/** The Problems list: every marker of the visible editors, in order; a click puts the cursor on it. */
import { el } from './dom.js';

/** One problem, ready to show. */
export interface ProblemEntry {
  /** Which editor: `expression`, `rule set`, `context`. */
  readonly where: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly code?: string;
  /** Moves the cursor to the problem. */
  readonly reveal: () => void;
}

/** Renders the list (an empty list says so). */
export function showProblems(list: HTMLElement, entries: readonly ProblemEntry[]): void {
  list.dataset.count = String(entries.length);
  if (entries.length === 0) {
    list.replaceChildren(el('li', { class: 'muted none' }, 'No problems.'));
    return;
  }
  list.replaceChildren(
    ...entries.map((p) => {
      const button = el(
        'button',
        { type: 'button', class: `problem problem-${p.severity}`, title: 'Show in the editor' },
        el('span', { class: `badge badge-${p.severity === 'error' ? 'fail' : p.severity === 'warning' ? 'warn' : 'info'}` }, p.severity),
        ' ',
        el('span', { class: 'where' }, `${p.where} ${p.line}:${p.column}`),
        ' ',
        ...messageParts(p.message),
        p.code ? el('span', { class: 'muted' }, ` [${p.code}]`) : null,
      );
      button.addEventListener('click', p.reveal);
      return el('li', { testid: 'problem' }, button);
    }),
  );
}

/**
 * What the result and rule-set panels say when the context is not JSON: the
 * problem itself is said once, under Problems (Monaco's JSON worker finds it,
 * with its place), so the panels point there instead of repeating it in
 * JSON.parse's words.
 */
export const CONTEXT_NOT_JSON = 'The context is not valid JSON: the problem is listed under Problems and marked in the context editor.';

/**
 * A JSON syntax problem of the context as a sentence with its place:
 * `Property expected` at 1:9 -> `The context is not valid JSON: property expected at line 1, column 9.`
 */
export function jsonProblemSentence(message: string, line: number, column: number): string {
  // one sentence: Monaco's `Invalid characters in string. Control characters must be escaped.` becomes `…; control …`
  const what = message.replace(/\.$/, '').replace(/\.\s+([A-Z])/g, (_, c: string) => `; ${c.toLowerCase()}`);
  return `The context is not valid JSON: ${what.charAt(0).toLowerCase()}${what.slice(1)} at line ${line}, column ${column}.`;
}

/** A diagnostic's message, with its `hint: …` line (the language service's) set apart as a hint of its own. */
export function messageParts(message: string): Array<string | HTMLElement> {
  const at = message.indexOf('\nhint: ');
  if (at < 0) return [message];
  return [message.slice(0, at), el('span', { class: 'hint' }, ` — hint: ${message.slice(at + 7)}`)];
}
