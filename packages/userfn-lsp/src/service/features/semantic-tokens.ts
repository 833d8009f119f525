/**
 * getSemanticTokens: the core's tokens, classified by the legend below and
 * mapped into the document. LSP tokens cannot span lines, so a token that
 * does (a block comment, a string in a YAML block scalar) is cut at each line
 * break. A condition whose literal could not be mapped exactly is skipped.
 */
import { BUILTINS, type TokenKind } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { DocumentModel } from '../model.js';

const TYPES = ['keyword', 'function', 'string', 'number', 'operator', 'comment'] as const;
const MODIFIERS = ['defaultLibrary'] as const;

/** The legend clients must be told at initialisation. */
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [...MODIFIERS] };

const TYPE_OF: Partial<Record<TokenKind, number>> = {
  keyword: 0,
  function: 1,
  string: 2,
  number: 3,
  operator: 4,
  comment: 5,
};

interface Piece {
  line: number;
  char: number;
  length: number;
  type: number;
  modifiers: number;
}

/** The semantic tokens of the whole document. */
export function semanticTokens(document: TextDocument, model: DocumentModel): SemanticTokens {
  const pieces: Piece[] = [];
  if (!model.tooLarge) {
    for (const source of model.sources) {
      if (!source.map.exact) continue;
      for (const t of source.tokens) {
        const type = TYPE_OF[t.kind];
        if (type === undefined) continue;
        const modifiers = t.kind === 'function' && BUILTINS.has(t.image) ? 1 : 0;
        const span = source.map.toDocumentSpan(t.span.start, t.span.end);
        const start = document.positionAt(span.start);
        const end = document.positionAt(span.end);
        for (let line = start.line; line <= end.line; line++) {
          const from = line === start.line ? start.character : 0;
          const to = line === end.line ? end.character : document.offsetAt({ line: line + 1, character: 0 }) - document.offsetAt({ line, character: 0 });
          // the line break itself is not part of a token
          const lineText = document.getText({ start: { line, character: from }, end: { line, character: to } }).replace(/\r?\n$/, '');
          if (lineText.length > 0) pieces.push({ line, char: from, length: lineText.length, type, modifiers });
        }
      }
    }
  }
  pieces.sort((a, b) => a.line - b.line || a.char - b.char);
  const data: number[] = [];
  let line = 0;
  let char = 0;
  for (const p of pieces) {
    data.push(p.line - line, p.line === line ? p.char - char : p.char, p.length, p.type, p.modifiers);
    line = p.line;
    char = p.char;
  }
  return { data };
}
