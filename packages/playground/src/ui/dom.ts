/**
 * Building DOM without HTML strings: every text a user or a context can
 * influence goes in as a text node (textContent), never through innerHTML.
 */

type Child = Node | string | null | undefined | false;

/** Attributes of `el`: `testid` becomes `data-testid`, `class` the class list; the rest are set as attributes. */
export type Attrs = Record<string, string | number | boolean | undefined> & { testid?: string; class?: string };

/** Creates an element with attributes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (key === 'testid') node.dataset.testid = String(value);
    else if (key === 'class') node.className = String(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, ...children);
  return node;
}

/** Appends children (strings as text nodes; null, undefined and false are skipped). */
export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) if (c !== null && c !== undefined && c !== false) parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
}

/** The element with this id; throws when the page is missing it (a bug in index.html). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node as T;
}

/** Sets an element's text (never HTML). */
export function setText(node: HTMLElement, text: string): void {
  node.textContent = text;
}

/** Text with a `<wbr>` at each of the given break points (the pieces joined are the text). */
export function withBreaks(pieces: readonly string[]): Child[] {
  return pieces.flatMap((p, i) => (i === 0 ? [p] : [document.createElement('wbr'), p]));
}
