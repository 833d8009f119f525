/** The examples gallery: one button per example. */
import type { GalleryExample } from '../examples/gallery.js';
import { el } from './dom.js';

/** Renders the gallery; `pick` runs when an example is chosen. */
export function showGallery(area: HTMLElement, examples: readonly GalleryExample[], pick: (example: GalleryExample) => void): void {
  area.replaceChildren(
    el('span', { class: 'gallery-title' }, 'Examples'),
    ...examples.map((ex) => {
      const button = el(
        'button',
        { type: 'button', class: 'example', testid: `example-${ex.id}`, title: `${ex.description}\n\n${ex.mode === 'rules' ? 'rule set' : ex.expression}` },
        ex.title,
      );
      button.addEventListener('click', () => pick(ex));
      return button;
    }),
  );
}
