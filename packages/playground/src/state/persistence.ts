/**
 * Keeps the state where it must survive: in the address bar as a share link
 * (so the URL always reproduces the page) and in localStorage (for the next
 * visit). Writes run one after another, so an older state never lands last.
 */
import { debounce } from '../scheduling.js';
import { formatBytes } from '../ui/format.js';
import { sameState, type PlaygroundState } from './state.js';
import { saveState, type StorageLike } from './storage.js';
import { encodeShareHash, MAX_HASH_LENGTH } from './url-state.js';

/** What persistence reports: a key (`storage`, `share`) and a sentence, or undefined when all is well again. */
export type Report = (key: 'storage' | 'share', text: string | undefined) => void;

/** Writes the state to the URL hash and to storage. */
export class Persistence {
  /** The hash last written (without `#`), '' when the state was too large for a link. */
  writtenHash = '';
  private persisted: PlaygroundState | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** Persists 400 ms after the last change. */
  readonly soon = debounce(() => void this.now(), 400);

  constructor(
    private readonly storage: StorageLike | undefined,
    private readonly current: () => PlaygroundState,
    private readonly report: Report,
  ) {}

  /** Persists the current state now (again even if unchanged when `force`); resolves once written. */
  now(force = false): Promise<void> {
    this.soon.cancel();
    if (force) this.persisted = undefined;
    this.chain = this.chain.then(() => this.write()).catch((e: unknown) => console.error(e));
    return this.chain;
  }

  private async write(): Promise<void> {
    const state = this.current();
    if (this.persisted && sameState(this.persisted, state)) return;
    this.persisted = state;
    const saved = saveState(this.storage, state);
    this.report('storage', saved.ok ? undefined : saved.reason);
    const hash = await encodeShareHash(state);
    if (hash.length > MAX_HASH_LENGTH) {
      // A stale link left in the address bar would bring an older state back on reload.
      this.writtenHash = '';
      history.replaceState(null, '', location.pathname);
      this.report('share', `This state is too large for a link (${formatBytes(hash.length)} compressed): share the context as a file instead.`);
      return;
    }
    this.report('share', undefined);
    this.writtenHash = hash;
    history.replaceState(null, '', `${location.pathname}#${hash}`);
  }
}
