/**
 * The editor languages of the page: `userfn` (an expression) and
 * `userfn-rules` (a JSON rule set). Colours of UserFn code come from the
 * language service's semantic tokens, so the editor and the LSP agree on
 * every token; a JSON rule set gets a small Monarch tokenizer for its JSON,
 * with the conditions inside coloured by the same semantic tokens.
 * (A YAML rule set uses Monaco's YAML tokenizer.)
 */
import { monaco } from './monaco.js';

/** Language id of an expression. */
export const USERFN = 'userfn';
/** Language id of a JSON rule set (JSON syntax; validated by the language service, not by Monaco's JSON worker). */
export const USERFN_RULES_JSON = 'userfn-rules';
/** Language id of a YAML rule set. */
export const YAML = 'yaml';
/** The theme: Monaco's light theme plus colours for the service's semantic token types. */
export const THEME = 'userfn-light';

/** Registers the languages and the theme (once). */
export function registerLanguages(): void {
  monaco.languages.register({ id: USERFN, aliases: ['UserFn'], extensions: ['.userfn'] });
  monaco.languages.setLanguageConfiguration(USERFN, {
    comments: { lineComment: '//', blockComment: ['/*', '*/'] },
    brackets: [
      ['(', ')'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '(', close: ')' },
      { open: '[', close: ']' },
      { open: "'", close: "'", notIn: ['string', 'comment'] },
    ],
    surroundingPairs: [
      { open: '(', close: ')' },
      { open: '[', close: ']' },
      { open: "'", close: "'" },
    ],
    wordPattern: /(-?\d*\.\d\w*)|([A-Za-z_][A-Za-z0-9_]*)/g,
  });
  // Comments and strings known before the first semantic tokens arrive, so auto-closing quotes behaves at once.
  monaco.languages.setMonarchTokensProvider(USERFN, {
    tokenizer: {
      root: [
        [/\/\/.*$/, 'comment'],
        [/\/\*/, 'comment', '@comment'],
        [/'/, 'string', '@string'],
      ],
      comment: [
        [/\*\//, 'comment', '@pop'],
        [/[^*]+|\*/, 'comment'],
      ],
      string: [
        [/''/, 'string'],
        [/'/, 'string', '@pop'],
        [/[^']+/, 'string'],
      ],
    },
  });

  monaco.languages.register({ id: USERFN_RULES_JSON, aliases: ['UserFn rule set (JSON)'] });
  monaco.languages.setLanguageConfiguration(USERFN_RULES_JSON, {
    brackets: [
      ['{', '}'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '"', close: '"', notIn: ['string'] },
    ],
  });
  monaco.languages.setMonarchTokensProvider(USERFN_RULES_JSON, {
    tokenizer: {
      root: [
        [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'type'],
        [/"(?:[^"\\]|\\.)*"/, 'string.value'],
        [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, 'number'],
        [/\b(?:true|false|null)\b/, 'keyword'],
        [/[{}[\],:]/, 'delimiter'],
      ],
    },
  });

  monaco.editor.defineTheme(THEME, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '0000c0', fontStyle: 'bold' },
      { token: 'function', foreground: '795e26' },
      { token: 'function.defaultLibrary', foreground: '795e26' },
      { token: 'string', foreground: 'a31515' },
      { token: 'string.value', foreground: '0451a5' },
      { token: 'number', foreground: '098658' },
      { token: 'operator', foreground: '5a5a5a' },
      { token: 'comment', foreground: '008000', fontStyle: 'italic' },
      { token: 'type', foreground: '001080' },
    ],
    colors: {},
  });
}
