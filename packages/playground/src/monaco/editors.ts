/**
 * The page's three editors — the expression, the rule set and the context —
 * each in its container (the container carries the test id; a click anywhere
 * in it focuses the editor), and the map from their models to the documents
 * the language service sees.
 */
import type { DocumentSnapshot } from '../worker/protocol.js';
import { THEME, USERFN, USERFN_RULES_JSON, YAML } from './languages.js';
import { monaco } from './monaco.js';

/** The editors of the page. */
export interface Editors {
  readonly expression: monaco.editor.IStandaloneCodeEditor;
  readonly rules: monaco.editor.IStandaloneCodeEditor;
  readonly context: monaco.editor.IStandaloneCodeEditor;
  /** The service's document for a UserFn model (expression or rule set), else undefined. */
  snapshot(model: monaco.editor.ITextModel): DocumentSnapshot | undefined;
}

/** True when a rule set's text is JSON (else YAML): the same test as the core's loader. */
export function isJsonRuleSet(text: string): boolean {
  return /^\uFEFF?\s*\{/.test(text) || text.trim() === '';
}

const COMMON: monaco.editor.IStandaloneEditorConstructionOptions = {
  theme: THEME,
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 14,
  lineHeight: 20,
  tabSize: 2,
  renderLineHighlight: 'none',
  // The suggest and hover widgets must not be cut by the small expression pane.
  fixedOverflowWidgets: true,
  'semanticHighlighting.enabled': true,
  quickSuggestions: { other: true, comments: false, strings: true },
  suggestOnTriggerCharacters: true,
  wordBasedSuggestions: 'off',
  stickyScroll: { enabled: false },
  overviewRulerBorder: false,
  hideCursorInOverviewRuler: true,
};

function attach(
  container: HTMLElement,
  model: monaco.editor.ITextModel,
  options: monaco.editor.IStandaloneEditorConstructionOptions,
): monaco.editor.IStandaloneCodeEditor {
  const editor = monaco.editor.create(container, { ...COMMON, ...options, model });
  // Decided (issue 5): a click on the container, padding included, focuses the editor.
  container.addEventListener('mousedown', (event) => {
    if (!editor.hasTextFocus()) queueMicrotask(() => editor.focus());
    if (event.target === container) event.preventDefault();
  });
  return editor;
}

/** Creates the editors with their first texts. */
export function createEditors(
  containers: { expression: HTMLElement; rules: HTMLElement; context: HTMLElement },
  texts: { expression: string; rules: string; context: string },
): Editors {
  const expressionModel = monaco.editor.createModel(texts.expression, USERFN, monaco.Uri.parse('file:///playground/expression.userfn'));
  const rulesModel = monaco.editor.createModel(
    texts.rules,
    isJsonRuleSet(texts.rules) ? USERFN_RULES_JSON : YAML,
    monaco.Uri.parse('file:///playground/rule-set'),
  );
  const contextModel = monaco.editor.createModel(texts.context, 'json', monaco.Uri.parse('file:///playground/context.json'));

  // A rule set switches between JSON and YAML as it is typed: the service picks its reader from the file name.
  rulesModel.onDidChangeContent(() => {
    const language = isJsonRuleSet(rulesModel.getValue()) ? USERFN_RULES_JSON : YAML;
    if (rulesModel.getLanguageId() !== language) monaco.editor.setModelLanguage(rulesModel, language);
  });

  const expression = attach(containers.expression, expressionModel, {
    lineNumbers: 'off',
    wordWrap: 'on',
    glyphMargin: false,
    folding: false,
    lineDecorationsWidth: 6,
    ariaLabel: 'UserFn expression',
  });
  const rules = attach(containers.rules, rulesModel, { ariaLabel: 'Rule set (JSON or YAML)' });
  const context = attach(containers.context, contextModel, { ariaLabel: 'Context (JSON)', folding: true });

  return {
    expression,
    rules,
    context,
    snapshot(model) {
      const version = model.getVersionId();
      if (model === expressionModel) return { uri: 'file:///playground/expression.userfn', languageId: 'userfn', version, text: model.getValue() };
      if (model === rulesModel) {
        const text = model.getValue();
        const json = isJsonRuleSet(text);
        return { uri: `file:///playground/contract.rules.${json ? 'json' : 'yaml'}`, languageId: json ? 'json' : 'yaml', version, text };
      }
      return undefined;
    },
  };
}

/**
 * Replaces an editor's whole text as one undoable edit (picking an example
 * or a profile must not cost the user their undo history).
 */
export function replaceText(editor: monaco.editor.IStandaloneCodeEditor, text: string): void {
  const model = editor.getModel();
  if (!model || model.getValue() === text) return;
  editor.pushUndoStop();
  editor.executeEdits('playground', [{ range: model.getFullModelRange(), text, forceMoveMarkers: true }]);
  editor.pushUndoStop();
  editor.setPosition({ lineNumber: 1, column: 1 });
}
