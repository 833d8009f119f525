/**
 * Which state the page opens with. Decided (issue 5): a share link (the
 * hash) wins over query parameters, which win over the saved state; the
 * defaults come last. A source that cannot be read is skipped, with a notice.
 */
import { completeState, readPartialState, type PlaygroundState } from './state.js';
import { decodeShareHash, isShareHash, readQuery } from './url-state.js';

/** Where the opening state came from. */
export type StateSource = 'link' | 'query' | 'saved' | 'default';

/** What the page knows at start-up. */
export interface StartInputs {
  /** `location.hash` */
  readonly hash: string;
  /** `location.search` */
  readonly search: string;
  /** The saved state's JSON text, or null. */
  readonly saved: string | null;
}

/** The opening state, where it came from, and anything the user should be told. */
export interface InitialState {
  readonly state: PlaygroundState;
  readonly source: StateSource;
  readonly notices: readonly string[];
}

/** Picks the opening state: share link > query parameters > saved state > defaults. */
export async function initialState(inputs: StartInputs): Promise<InitialState> {
  const notices: string[] = [];
  if (isShareHash(inputs.hash)) {
    try {
      return { state: completeState(await decodeShareHash(inputs.hash)), source: 'link', notices };
    } catch (e) {
      notices.push(`${(e as Error).message}: ignored`);
    }
  }
  const query = readQuery(inputs.search);
  if (query) return { state: completeState(query.state), source: 'query', notices: [...notices, ...query.problems] };
  if (inputs.saved !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(inputs.saved);
    } catch {
      parsed = undefined;
    }
    const saved = readPartialState(parsed);
    if (saved) return { state: completeState(saved), source: 'saved', notices };
    notices.push('the saved state could not be read: starting afresh');
  }
  return { state: completeState({}), source: 'default', notices };
}
