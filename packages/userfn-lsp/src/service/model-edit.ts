/**
 * A new version of a document with the same text: the previous model. A new
 * version of a JSON rule set whose edit stays inside one condition's string: the previous model, with that condition read again and everything
 * after it moved by the edit's length. Reading a 1,000-rule file again takes
 * tens of milliseconds; this takes a scan for the changed text and one string.
 *
 * It is exactly what a full read would give: the text outside the edited
 * string is the same, and the string still starts and ends at its quotes
 * (rereadJsonString checks it), so the file's structure, every other rule and
 * every problem of the file are unchanged, only moved. Whenever that cannot
 * be shown cheaply (another kind of document, a syntax error in the file, an
 * edit across a string's quotes or outside any condition, a problem on the
 * edited string, an empty condition), the caller reads the whole file again.
 */
import { rereadJsonString, RuleSetCodes, type RuleSetCondition } from '@userfn/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { documentKind } from './document-kind.js';
import { embedded, movedSource, type DocumentModel, type EmbeddedSource, type FileProblem, type ModelSettings } from './model.js';

/** Where two texts differ: [start, oldEnd) of the old text became [start, newEnd) of the new one. */
export interface TextChange {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

/** The smallest change between two texts: their common prefix and suffix (never overlapping) set aside. */
export function changeBetween(before: string, after: string): TextChange {
  const max = Math.min(before.length, after.length);
  // Whole blocks first (a native comparison of two slices), then characters: a megabyte scans in well under a millisecond.
  let start = 0;
  while (start + BLOCK <= max && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let suffix = 0;
  const room = max - start;
  while (
    suffix + BLOCK <= room &&
    before.slice(before.length - suffix - BLOCK, before.length - suffix) === after.slice(after.length - suffix - BLOCK, after.length - suffix)
  )
    suffix += BLOCK;
  while (suffix < room && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

const BLOCK = 1024;

/** The model of `document` made from the model of an earlier version, or undefined when the whole file must be read again. */
export function editModel(previous: DocumentModel, document: TextDocument, settings: ModelSettings): DocumentModel | undefined {
  const text = document.getText();
  if (documentKind(document.uri, document.languageId) !== previous.kind) return undefined;
  // A new version with the same text (an undo back, a save, another client's request): the same model.
  if (text === previous.text) return { ...previous, version: document.version };
  if (previous.kind !== 'rules-json' || previous.tooLarge || text.length > settings.config.maxDocumentLength) return undefined;
  if (previous.problems.some((p) => p.code === RuleSetCodes.InvalidDocument)) return undefined;

  const change = changeBetween(previous.text, text);
  // The one condition whose string holds the change, its quotes excluded: after the opening quote, up to the closing one.
  const index = previous.sources.findIndex((s) => s.start < change.start && change.oldEnd < s.end);
  const edited = previous.sources[index];
  if (edited === undefined || edited.origin === undefined || edited.origin.style !== 'json') return undefined;
  if (previous.problems.some((p) => p.start < edited.end && p.end > edited.start)) return undefined;

  const delta = change.newEnd - change.oldEnd;
  const span = { start: edited.start, end: edited.end + delta };
  const read = rereadJsonString(text, span);
  if (read === undefined || read.value.trim() === '') return undefined;

  const origin: RuleSetCondition = { ...edited.origin, condition: read.value, span, map: read.map };
  const sources: EmbeddedSource[] = previous.sources.slice(0, index);
  sources.push(embedded(settings, text, edited.profile, read.value, read.map, span, origin));
  for (let i = index + 1; i < previous.sources.length; i++) sources.push(movedSource(previous.sources[i]!, text, delta));
  const problems = previous.problems.map((p): FileProblem => (p.start >= edited.end ? { ...p, start: p.start + delta, end: p.end + delta } : p));
  // No judge object holds a condition: each stands wholly before or after the edited string.
  const judges = previous.judges.map((j) => (j.span.start >= edited.end ? { ...j, span: { start: j.span.start + delta, end: j.span.end + delta } } : j));
  return { uri: document.uri, version: document.version, text, kind: previous.kind, sources, problems, tooLarge: false, judges };
}
