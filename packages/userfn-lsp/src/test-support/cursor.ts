/** Test helpers: the cursor is marked with `|` in the source. */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from 'vscode-languageserver-types';

let version = 0;

/** A document with the `|` removed, and the position where it stood. */
export function withCursor(text: string, uri = 'file:///test.userfn'): { document: TextDocument; position: Position; offset: number } {
  const offset = text.indexOf('|');
  if (offset < 0) throw new Error('no | cursor marker in the test source');
  if (text.indexOf('|', offset + 1) >= 0) throw new Error('more than one | in the test source: use cursorAt with an explicit marker');
  const document = TextDocument.create(uri, 'userfn', ++version, text.slice(0, offset) + text.slice(offset + 1));
  return { document, position: document.positionAt(offset), offset };
}

/** Like withCursor, with another marker (for sources that contain `|`, such as `||`). */
export function cursorAt(text: string, marker: string, uri = 'file:///test.userfn'): { document: TextDocument; position: Position; offset: number } {
  const offset = text.indexOf(marker);
  if (offset < 0) throw new Error(`no ${marker} marker in the test source`);
  const document = TextDocument.create(uri, 'userfn', ++version, text.slice(0, offset) + text.slice(offset + marker.length));
  return { document, position: document.positionAt(offset), offset };
}

/** A document without a cursor. */
export function documentOf(text: string, uri = 'file:///test.userfn'): TextDocument {
  return TextDocument.create(uri, 'userfn', ++version, text);
}

/** The text a range covers. */
export function textAt(document: TextDocument, range: { start: Position; end: Position }): string {
  return document.getText(range);
}
