/** Parsed models by document URI and version: a feature request on an unchanged document reuses the model. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentModel } from './model.js';

const MAX_ENTRIES = 200;

/** A small cache of document models, keyed by uri + version, cleared on reconfiguration. */
export class ModelCache {
  private readonly entries = new Map<string, DocumentModel>();

  /** The cached model of this exact document version, or the one `build` makes (then cached). */
  get(document: TextDocument, build: () => DocumentModel): DocumentModel {
    const hit = this.entries.get(document.uri);
    // the text check is cheap (same string object when unchanged) and guards hosts that reuse versions
    if (hit && hit.version === document.version && hit.text === document.getText()) return hit;
    const model = build();
    this.entries.delete(document.uri);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(document.uri, model);
    return model;
  }

  /** The latest model of a document, whatever its version (to build the next version's from). */
  latest(uri: string): DocumentModel | undefined {
    return this.entries.get(uri);
  }

  /** Drops a document's model (closed documents). */
  forget(uri: string): void {
    this.entries.delete(uri);
  }

  clear(): void {
    this.entries.clear();
  }
}
