/**
 * The rule-set mode's panel: the overall verdict and score, and a table of
 * the rules with pass/fail, message and explanation. Every text as text.
 */
import type { RuleSetOutcome } from '../worker/verify-rules.js';
import { byId, el, setText, withBreaks } from './dom.js';
import { breakPoints, formatMs, formatScore } from './format.js';
import { CONTEXT_NOT_JSON } from './problems-view.js';

/** The panel's elements (ids in index.html). */
export interface RulesView {
  readonly panel: HTMLElement;
  readonly verdict: HTMLElement;
  readonly score: HTMLElement;
  readonly timings: HTMLElement;
  readonly body: HTMLElement;
  readonly problems: HTMLElement;
}

/** Finds the panel's elements. */
export function rulesView(): RulesView {
  return {
    panel: byId('rules-result'),
    verdict: byId('rules-verdict'),
    score: byId('rules-score'),
    timings: byId('rules-timings'),
    body: byId('rules-body'),
    problems: byId('rules-problems'),
  };
}

function row(r: Extract<RuleSetOutcome, { status: 'ok' }>['rows'][number]): HTMLTableRowElement {
  const notRun = r.judge === 'not run: no judge endpoint';
  const status = notRun ? 'warn' : r.passed ? 'pass' : r.severity === 'warning' ? 'warn' : 'fail';
  const label = r.judge ? r.judge : r.passed ? 'pass' : r.severity === 'warning' ? 'fail (warning)' : 'fail';
  return el(
    'tr',
    { testid: 'rule-row', 'data-rule-id': r.id, 'data-passed': String(r.passed), class: `rule-${status}` },
    el('td', { class: 'rule-status' }, el('span', { class: `badge badge-${status}` }, label)),
    el('td', {}, el('code', {}, r.id), el('div', { class: 'muted small' }, `${r.severity} · weight ${r.weight}`)),
    // conditions and explanations wrap between names, never inside one
    el('td', {}, el('code', { class: 'condition' }, ...withBreaks(breakPoints(r.condition)))),
    el(
      'td',
      {},
      r.message ?? '',
      r.explanation ? el('div', { class: 'rule-explanation', testid: 'rule-explanation' }, ...withBreaks(breakPoints(r.explanation))) : null,
    ),
  );
}

/** Shows the outcome of a rule set. */
export function showRuleSet(view: RulesView, outcome: RuleSetOutcome): void {
  view.panel.classList.remove('stale');
  view.body.replaceChildren();
  view.problems.replaceChildren();
  if (outcome.status === 'ok') {
    view.verdict.dataset.tone = outcome.passed ? 'pass' : 'fail';
    const failed = outcome.rows.filter((r) => !r.passed).length;
    setText(
      view.verdict,
      outcome.passed
        ? failed > 0
          ? `PASSED — ${failed} warning rule${failed === 1 ? '' : 's'} did not hold`
          : 'PASSED — every rule holds'
        : 'FAILED — an error rule did not hold',
    );
    const judges =
      outcome.notRun > 0
        ? ` — ${outcome.notRun} judge rule${outcome.notRun === 1 ? '' : 's'} not run (no judge endpoint): verdict and score of the other rules`
        : '';
    setText(view.score, `score ${formatScore(outcome.score)} (${outcome.profile})${judges}`);
    setText(view.timings, `load and compile ${formatMs(outcome.loadMs)} · verify ${formatMs(outcome.verifyMs)}`);
    view.body.append(...outcome.rows.map(row));
    return;
  }
  view.verdict.dataset.tone = 'error';
  setText(view.score, '');
  setText(view.timings, outcome.status === 'invalid' ? `load ${formatMs(outcome.loadMs)}` : '');
  if (outcome.status === 'invalid') {
    // No count here: the loader stops at a JSON or YAML syntax error while the language service, which fills
    // Problems, reads past it, so a count would disagree with the list it points to.
    setText(view.verdict, 'the rule set does not load');
    // The language service lists the same problems under Problems and marks them in the editor: say them once, there.
    view.problems.append(el('li', { class: 'muted' }, 'Every problem is listed under Problems and marked in the rule set.'));
  } else if (outcome.status === 'context-error') {
    setText(view.verdict, 'no context to verify');
    view.problems.append(el('li', { class: 'muted' }, CONTEXT_NOT_JSON));
  } else {
    setText(view.verdict, 'bad clock');
    view.problems.append(el('li', {}, outcome.message));
  }
}

/** Shows a verification that never finished (time limit, worker failure). */
export function showRulesFailure(view: RulesView, title: string, message: string): void {
  view.panel.classList.remove('stale');
  view.verdict.dataset.tone = 'error';
  setText(view.verdict, title);
  setText(view.score, '');
  setText(view.timings, '');
  view.body.replaceChildren();
  view.problems.replaceChildren(el('li', {}, message));
}
