/**
 * One line per ongoing condition the user should know about (a big context,
 * a restarted worker, state too large to save or share). Each has a key, so
 * setting it again replaces it and clearing it removes it.
 */
import { el } from './dom.js';

/** How a notice looks. */
export type Tone = 'info' | 'warning' | 'error';

/** The notices area. */
export class Notices {
  private readonly items = new Map<string, { text: string; tone: Tone }>();

  constructor(private readonly area: HTMLElement) {}

  /** Shows (or replaces) the notice `key`; undefined text removes it. */
  set(key: string, text: string | undefined, tone: Tone = 'info'): void {
    if (text === undefined) this.items.delete(key);
    else this.items.set(key, { text, tone });
    this.render();
  }

  private render(): void {
    this.area.replaceChildren(
      ...[...this.items].map(([key, { text, tone }]) => {
        const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Dismiss', title: 'Dismiss' }, '×');
        close.addEventListener('click', () => this.set(key, undefined));
        return el('div', { class: `notice notice-${tone}`, testid: `notice-${key}` }, el('span', {}, text), close);
      }),
    );
    this.area.hidden = this.items.size === 0;
  }
}
