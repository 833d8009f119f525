/**
 * The one place that loads Monaco: the editor, its features, JSON (with its
 * validating worker, for the context) and YAML (for YAML rule sets).
 * Everything else imports `monaco` from here.
 */
import './environment.js';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
// register.all brings only the viewport (range) half of semantic highlighting;
// the whole-document half, which the language service answers, is loaded here.
import 'monaco-editor/editor/contrib/semanticTokens/browser/documentSemanticTokens';
import 'monaco-editor/languages/features/json/register';
import 'monaco-editor/languages/definitions/yaml/register';

export { monaco };
