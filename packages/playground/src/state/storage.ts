/** The last state, kept in localStorage (which may be missing, full or disabled). */
import { formatBytes } from '../ui/format.js';
import type { PlaygroundState } from './state.js';

/** The localStorage key (versioned with the state's shape). */
export const STORAGE_KEY = 'userfn-playground/state/v1';

/** The subset of the Storage API used here (tests pass a Map-backed one). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The saved state's JSON text, or null when there is none or storage is unavailable. */
export function loadSaved(storage: StorageLike | undefined): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy settings): behave as if nothing was saved
  }
}

/** Saves the state; on failure (quota exceeded, disabled) says why in one sentence. */
export function saveState(storage: StorageLike | undefined, state: PlaygroundState): { ok: true } | { ok: false; reason: string } {
  if (!storage) return { ok: false, reason: 'this browser gives the page no local storage' };
  const text = JSON.stringify(state);
  try {
    storage.setItem(STORAGE_KEY, text);
    return { ok: true };
  } catch {
    // A stale smaller state must not come back on the next visit as if it were the last one.
    try {
      storage.removeItem(STORAGE_KEY);
    } catch {
      /* nothing more to do */
    }
    return { ok: false, reason: `the state (${formatBytes(text.length * 2)}) is too large for the browser's local storage: not saved` };
  }
}
