/**
 * The page: wires the editors, the worker, the panels, the gallery and the
 * state together. Each piece lives in its own module; this one only decides
 * what happens when something changes.
 */
import type { ProfileName } from '@userfn/core';
import { defaultExpression, defaultRuleSet, sampleContextText } from './examples/contexts.js';
import { GALLERY, type GalleryExample } from './examples/gallery.js';
import { createEditors, replaceText, type Editors } from './monaco/editors.js';
import { registerLanguages } from './monaco/languages.js';
import { monaco } from './monaco/monaco.js';
import { refreshMarkers, registerProviders, SERVICE_MARKERS } from './monaco/providers.js';
import { debounce, latestOnly } from './scheduling.js';
import { initialState } from './state/initial-state.js';
import { Persistence } from './state/persistence.js';
import { completeState, isProfile, PROFILES, type Mode, type PlaygroundState } from './state/state.js';
import { loadSaved } from './state/storage.js';
import { decodeShareHash, isShareHash } from './state/url-state.js';
import { byId, el, setText } from './ui/dom.js';
import { formatBytes } from './ui/format.js';
import { showGallery } from './ui/gallery-view.js';
import { Notices } from './ui/notices.js';
import { jsonProblemSentence, showProblems, type ProblemEntry } from './ui/problems-view.js';
import { markStale, resultView, showEvaluation, showFailure } from './ui/result-view.js';
import { rulesView, showRulesFailure, showRuleSet } from './ui/rules-view.js';
import { TimeLimitError, WorkerClient, type WorkerLike } from './worker-client.js';
import { TIMED_METHODS } from './worker/protocol.js';
import PlaygroundWorker from './worker/playground.worker.ts?worker';

/** How long one evaluation (or rule-set verification) may run before the worker is replaced. */
export const TIME_LIMIT_MS = 2000;

/** A context larger than this gets a notice, and longer debounces. */
const LARGE_CONTEXT = 1_000_000;

/** Owner of the marker that points at the sub-expression a runtime error came from. */
const EVALUATION_MARKERS = 'userfn-evaluation';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Starts the playground in the current page; `worker`, when given, is the language-service worker already started by the entry. */
export async function startPlayground(options: { worker?: Worker } = {}): Promise<void> {
  let early = options.worker;
  const storage = localStorageOrUndefined();
  const notices = new Notices(byId('notices'));
  const status = byId('status');
  const setStatus = (state: 'busy' | 'ready' | 'error', text: string): void => {
    status.dataset.state = state;
    status.title = text;
    setText(status, text);
  };

  const opening = await initialState({ hash: location.hash, search: location.search, saved: loadSaved(storage) });
  for (const [i, n] of opening.notices.entries()) notices.set(`start-${i}`, n, 'warning');

  let mode: Mode = opening.state.mode;
  let profile: ProfileName = opening.state.profile;
  const profileSelect = byId<HTMLSelectElement>('profile');
  const clock = byId<HTMLInputElement>('clock');
  clock.value = opening.state.now;
  profileSelect.append(...PROFILES.map((p) => el('option', { value: p }, p)));
  profileSelect.value = profile;

  registerLanguages();
  const editors: Editors = createEditors({ expression: byId('expression'), rules: byId('rules'), context: byId('context') }, opening.state);
  const models = {
    expression: editors.expression.getModel()!,
    rules: editors.rules.getModel()!,
    context: editors.context.getModel()!,
  };

  const current = (): PlaygroundState => ({
    mode,
    profile,
    expression: models.expression.getValue(),
    context: models.context.getValue(),
    rules: models.rules.getValue(),
    now: clock.value,
  });

  // ---- the worker -------------------------------------------------------
  const result = resultView();
  const rules = rulesView();
  const client = new WorkerClient({
    // the entry's worker the first time, a new one after a restart
    create: () => {
      const w = early ?? new PlaygroundWorker();
      early = undefined;
      return w as unknown as WorkerLike;
    },
    timeLimitMs: TIME_LIMIT_MS,
    timed: TIMED_METHODS,
    onRestart: (reason) => {
      notices.set('worker', `${reason}. Change the expression or the context to try again.`, 'error');
      setStatus('error', 'worker restarted');
      void refreshAllMarkers();
    },
  });
  const { legend, profiles } = await client.request('init', {});
  const describe = new Map(profiles.map((p) => [p.name, p.description]));
  registerProviders(client, legend, editors.snapshot);

  const refreshAllMarkers = async (): Promise<void> => {
    await Promise.all([refreshMarkers(client, models.expression, editors.snapshot), refreshMarkers(client, models.rules, editors.snapshot)]);
  };

  // ---- evaluation -------------------------------------------------------
  const evaluate = async (): Promise<void> => {
    const version = models.expression.getVersionId();
    markStale(result);
    setStatus('busy', 'evaluating…');
    try {
      const r = await client.request('evaluate', { expression: models.expression.getValue(), profile, now: clock.value });
      showEvaluation(result, r);
      const e = r.status === 'runtime-error' ? r.error : undefined;
      if (models.expression.getVersionId() === version) {
        const markers: monaco.editor.IMarkerData[] = [];
        if (e) {
          const from = models.expression.getPositionAt(e.start);
          const to = models.expression.getPositionAt(Math.max(e.end, e.start + 1));
          markers.push({
            startLineNumber: from.lineNumber,
            startColumn: from.column,
            endLineNumber: to.lineNumber,
            endColumn: to.column,
            severity: monaco.MarkerSeverity.Error,
            message: `${e.kind} error: ${e.message}`,
            code: e.code,
            source: 'evaluation',
          });
        }
        monaco.editor.setModelMarkers(models.expression, EVALUATION_MARKERS, markers);
      }
      notices.set('worker', undefined);
      setStatus('ready', 'ready');
    } catch (e) {
      if (e instanceof TimeLimitError) showFailure(result, 'stopped: time limit', e.message);
      else showFailure(result, 'not evaluated', (e as Error).message);
      setStatus('error', e instanceof TimeLimitError ? 'time limit' : 'worker restarted');
    }
  };

  const verifyRules = async (): Promise<void> => {
    rules.panel.classList.add('stale');
    setStatus('busy', 'verifying…');
    try {
      showRuleSet(rules, await client.request('verify', { rules: models.rules.getValue(), now: clock.value }));
      notices.set('worker', undefined);
      setStatus('ready', 'ready');
    } catch (e) {
      showRulesFailure(rules, e instanceof TimeLimitError ? 'stopped: time limit' : 'not verified', (e as Error).message);
      setStatus('error', e instanceof TimeLimitError ? 'time limit' : 'worker restarted');
    }
  };

  const run = latestOnly(() => (mode === 'expression' ? evaluate() : verifyRules()));

  // ---- the context ------------------------------------------------------
  const contextInfo = byId('context-info');
  const configure = async (withContext: boolean): Promise<void> => {
    const text = withContext ? models.context.getValue() : undefined;
    try {
      const s = await client.request('configure', { profile, ...(text !== undefined ? { context: text } : {}) });
      setText(contextInfo, `${formatBytes(s.chars)}${s.ok ? '' : ' · not valid JSON'}`);
      contextInfo.dataset.valid = String(s.ok);
      notices.set(
        'context-size',
        s.chars > LARGE_CONTEXT ? `Large context (${formatBytes(s.chars)}): editing, completion and evaluation may take a moment.` : undefined,
        'info',
      );
    } catch {
      return; // restarted: the client replays the configuration itself
    }
    await refreshAllMarkers();
  };
  const contextChanged = debounce(
    () => void configure(true).then(run),
    () => (models.context.getValueLength() > LARGE_CONTEXT ? 800 : 300),
  );

  // ---- problems ---------------------------------------------------------
  const problemsList = byId('problems');
  const renderProblems = (): void => {
    const severity = (s: monaco.MarkerSeverity): ProblemEntry['severity'] =>
      s === monaco.MarkerSeverity.Error ? 'error' : s === monaco.MarkerSeverity.Warning ? 'warning' : 'info';
    const entries: ProblemEntry[] = [];
    const collect = (where: string, editor: monaco.editor.IStandaloneCodeEditor, owners: readonly string[]): void => {
      const model = editor.getModel()!;
      for (const owner of owners) {
        for (const m of monaco.editor.getModelMarkers({ resource: model.uri, owner })) {
          entries.push({
            where,
            line: m.startLineNumber,
            column: m.startColumn,
            severity: severity(m.severity),
            // Monaco's JSON worker says `Property expected` with a bare number as code: a sentence with its place reads better
            ...(owner === 'json'
              ? { message: jsonProblemSentence(m.message, m.startLineNumber, m.startColumn) }
              : { message: m.message, ...(m.code !== undefined ? { code: typeof m.code === 'string' ? m.code : m.code.value } : {}) }),
            reveal: () => {
              editor.setPosition({ lineNumber: m.startLineNumber, column: m.startColumn });
              editor.revealPositionInCenterIfOutsideViewport({ lineNumber: m.startLineNumber, column: m.startColumn });
              editor.focus();
            },
          });
        }
      }
    };
    if (mode === 'expression') collect('expression', editors.expression, [SERVICE_MARKERS, EVALUATION_MARKERS]);
    else collect('rule set', editors.rules, [SERVICE_MARKERS]);
    collect('context', editors.context, ['json']);
    showProblems(problemsList, entries);
  };
  monaco.editor.onDidChangeMarkers(() => renderProblems());

  // ---- state: link, storage ---------------------------------------------
  const persistence = new Persistence(storage, current, (key, text) => notices.set(key, text, 'warning'));
  const persistSoon = persistence.soon;

  // ---- applying a whole state (a link pasted in, an example) ------------
  const setMode = (next: Mode): void => {
    mode = next;
    byId('mode-expression').setAttribute('aria-selected', String(mode === 'expression'));
    byId('mode-rules').setAttribute('aria-selected', String(mode === 'rules'));
    byId('expression').hidden = mode !== 'expression';
    byId('result').hidden = mode !== 'expression';
    byId('rules').hidden = mode !== 'rules';
    byId('rules-result').hidden = mode !== 'rules';
    setText(byId('source-title'), mode === 'expression' ? 'Expression' : 'Rule set');
    // A rule set names its own profile; the selector then only sets the default for one that does not.
    profileSelect.title = mode === 'rules' ? "A rule set's own profile field wins over this one" : '';
    renderProblems();
  };
  const setProfile = (next: ProfileName): void => {
    profile = next;
    profileSelect.value = next;
    setText(byId('profile-hint'), describe.get(next) ?? '');
  };
  const applyState = (s: PlaygroundState): void => {
    setMode(s.mode);
    setProfile(s.profile);
    clock.value = s.now;
    replaceText(editors.expression, s.expression);
    replaceText(editors.rules, s.rules);
    replaceText(editors.context, s.context);
    contextChanged.cancel();
    void configure(true).then(run);
    persistSoon();
  };

  const pickExample = (ex: GalleryExample): void => {
    applyState(
      completeState({
        mode: ex.mode,
        profile: ex.profile,
        expression: ex.mode === 'expression' ? ex.expression : models.expression.getValue(),
        rules: ex.mode === 'rules' ? defaultRuleSet() : models.rules.getValue(),
        context: sampleContextText(ex.profile),
        now: ex.now ?? '',
      }),
    );
    (ex.mode === 'expression' ? editors.expression : editors.rules).focus();
  };
  showGallery(byId('gallery'), GALLERY, pickExample);

  window.addEventListener('hashchange', () => {
    const hash = location.hash.replace(/^#/, '');
    if (hash === persistence.writtenHash || !isShareHash(hash)) return;
    decodeShareHash(hash).then(
      (partial) => applyState(completeState(partial)),
      (e: Error) => notices.set('link', `${e.message}: ignored`, 'warning'),
    );
  });

  // ---- user input -------------------------------------------------------
  const expressionChanged = debounce(() => {
    void refreshMarkers(client, models.expression, editors.snapshot);
    void run();
  }, 200);
  const rulesChanged = debounce(() => {
    void refreshMarkers(client, models.rules, editors.snapshot);
    void run();
  }, 250);
  models.expression.onDidChangeContent(() => {
    // A runtime error's marker points into the text it was raised for: the edit made it stale.
    monaco.editor.setModelMarkers(models.expression, EVALUATION_MARKERS, []);
    markStale(result);
    expressionChanged();
    persistSoon();
  });
  models.rules.onDidChangeContent(() => {
    rulesChanged();
    persistSoon();
  });
  models.context.onDidChangeContent(() => {
    contextChanged();
    persistSoon();
  });
  clock.addEventListener('input', () => {
    void run();
    persistSoon();
  });

  profileSelect.addEventListener('change', () => {
    const next = profileSelect.value;
    if (!isProfile(next) || next === profile) return;
    const previous = profile;
    setProfile(next);
    // The examples follow the profile, unless the user has written their own.
    const untouched = (text: string, example: string): boolean => text.trim() === '' || text.trim() === example.trim();
    if (untouched(models.expression.getValue(), defaultExpression(previous))) replaceText(editors.expression, defaultExpression(next));
    if (untouched(models.context.getValue(), sampleContextText(previous))) replaceText(editors.context, sampleContextText(next));
    contextChanged.cancel();
    void configure(true).then(run);
    persistSoon();
  });

  const switchMode = (next: Mode): void => {
    if (next === mode) return;
    setMode(next);
    void run();
    persistSoon();
  };
  byId('mode-expression').addEventListener('click', () => switchMode('expression'));
  byId('mode-rules').addEventListener('click', () => switchMode('rules'));

  byId('format').addEventListener('click', () => {
    const editor = mode === 'expression' ? editors.expression : editors.rules;
    void editor.getAction('editor.action.formatDocument')?.run();
  });
  byId('context-example').addEventListener('click', () => replaceText(editors.context, sampleContextText(profile)));
  const fileInput = byId<HTMLInputElement>('context-file');
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    notices.set('file', `Loading ${file.name} (${formatBytes(file.size)})…`);
    replaceText(editors.context, await file.text());
    notices.set('file', `Context loaded from ${file.name} (${formatBytes(file.size)}).`);
    fileInput.value = ''; // the same file can be loaded again
  });

  byId('share').addEventListener('click', async () => {
    await persistence.now(true);
    const box = byId('share-box');
    const input = byId<HTMLInputElement>('share-link');
    const shareStatus = byId('share-status');
    box.hidden = false;
    if (!persistence.writtenHash) {
      input.value = '';
      setText(shareStatus, 'too large for a link');
      return;
    }
    input.value = location.href;
    input.select();
    try {
      await navigator.clipboard.writeText(location.href);
      setText(shareStatus, 'Copied to the clipboard.');
    } catch {
      setText(shareStatus, 'Copy the link above.');
    }
  });

  // ---- first run --------------------------------------------------------
  setMode(mode);
  setProfile(profile);
  await configure(true);
  await run();
  persistSoon();
  setDebugHandle(current);
}

declare global {
  interface Window {
    /** Read-only handle for tests and curious users: the page's state as a share link would carry it. */
    userfnPlayground?: { readonly state: () => PlaygroundState };
  }
}

function setDebugHandle(current: () => PlaygroundState): void {
  window.userfnPlayground = Object.freeze({ state: current });
}
