/**
 * The result panel of the expression mode: verdict or score, value, type,
 * times, error and explanation. Every value is shown as text.
 */
import type { EvaluationResult } from '../worker/evaluate.js';
import { byId, el, setText } from './dom.js';
import { formatMs, formatScore } from './format.js';
import { CONTEXT_NOT_JSON } from './problems-view.js';

/** The panel's elements (ids in index.html). */
export interface ResultView {
  readonly panel: HTMLElement;
  readonly verdict: HTMLElement;
  readonly value: HTMLElement;
  readonly type: HTMLElement;
  readonly timings: HTMLElement;
  readonly error: HTMLElement;
  readonly explanation: HTMLElement;
}

/** Finds the panel's elements. */
export function resultView(): ResultView {
  return {
    panel: byId('result'),
    verdict: byId('verdict'),
    value: byId('result-value'),
    type: byId('result-type'),
    timings: byId('timings'),
    error: byId('result-error'),
    explanation: byId('explanation'),
  };
}

function setVerdict(view: ResultView, tone: 'pass' | 'fail' | 'score' | 'error' | 'none', text: string): void {
  view.verdict.dataset.tone = tone;
  setText(view.verdict, text);
}

function timings(r: EvaluationResult): string {
  const parts: string[] = [];
  if (r.compileMs !== undefined) parts.push(`compile ${formatMs(r.compileMs)}`);
  if (r.evaluateMs !== undefined) parts.push(`evaluate ${formatMs(r.evaluateMs)}`);
  return parts.join(' · ');
}

function explanationText(r: EvaluationResult): string {
  const lines: string[] = [];
  // An error's reason is the error the box above already shows: say it once.
  if (r.reason !== undefined && r.status === 'ok') lines.push(`why: ${r.reason}`, '');
  if (r.tree !== undefined) lines.push(r.tree);
  return lines.join('\n').trim();
}

/** Shows one evaluation. */
export function showEvaluation(view: ResultView, r: EvaluationResult): void {
  view.panel.classList.remove('stale');
  view.panel.dataset.status = r.status;
  setText(view.timings, timings(r));
  setText(view.explanation, explanationText(r));
  view.error.replaceChildren();
  if (r.status === 'ok') {
    setText(view.value, r.valueText ?? '');
    setText(view.type, r.staticType && r.staticType !== r.type ? `${r.type} (checked as ${r.staticType})` : (r.type ?? ''));
    if (r.verdict === 'pass') setVerdict(view, 'pass', 'PASS — the condition holds');
    else if (r.verdict === 'fail') setVerdict(view, 'fail', r.type === 'null' ? 'FAIL — null counts as false' : 'FAIL — the condition is false');
    else if (r.profile === 'reranker')
      setVerdict(view, 'score', r.score === null || r.score === undefined ? 'dropped — null removes the result' : `score ${formatScore(r.score)}`);
    else setVerdict(view, 'none', '');
    return;
  }
  setText(view.value, '');
  setText(view.type, r.staticType !== undefined ? `(checked as ${r.staticType})` : '');
  const title: Record<Exclude<EvaluationResult['status'], 'ok'>, string> = {
    'compile-error': 'does not compile',
    'runtime-error': r.error?.kind === 'limit' ? 'stopped at a limit' : 'error while evaluating',
    'context-error': 'no context to evaluate on',
    'clock-error': 'bad clock',
  };
  setVerdict(view, 'error', title[r.status]);
  if (r.status === 'compile-error' || r.status === 'context-error') {
    // The problems are listed under Problems (with their hints) and marked in the editor: say them once, there.
    view.error.append(
      el('p', { class: 'muted' }, r.status === 'compile-error' ? 'Every problem is listed under Problems and marked in the editor.' : CONTEXT_NOT_JSON),
    );
    return;
  }
  const e = r.error;
  // The core often writes the hint into the message already ("did you mean …?"): say it once.
  const hint = e?.hint !== undefined && !/did you mean/.test(e.message) && !e.message.includes(e.hint) ? e.hint : undefined;
  view.error.append(
    e
      ? el(
          'p',
          {},
          el('strong', {}, `${e.kind} error ${e.code}`),
          ` at ${e.line}:${e.column}: ${e.message}`,
          hint ? el('span', { class: 'hint' }, ` — ${hint}`) : null,
        )
      : el('p', {}, r.reason ?? ''),
  );
}

/** Shows an evaluation that never finished (time limit, worker failure). */
export function showFailure(view: ResultView, title: string, message: string): void {
  view.panel.classList.remove('stale');
  view.panel.dataset.status = 'stopped';
  setVerdict(view, 'error', title);
  setText(view.value, '');
  setText(view.type, '');
  setText(view.timings, '');
  setText(view.explanation, '');
  view.error.replaceChildren(el('p', {}, message));
}

/** Dims the panel while a newer evaluation runs. */
export function markStale(view: ResultView): void {
  view.panel.classList.add('stale');
}
