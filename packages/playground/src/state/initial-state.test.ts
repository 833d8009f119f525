import { describe, expect, it } from 'vitest';
import { initialState } from './initial-state.js';
import { defaultState, type PlaygroundState } from './state.js';
import { encodeShareHash } from './url-state.js';

const linked: PlaygroundState = { ...defaultState('reranker'), expression: "get('$.score')" };
const saved: PlaygroundState = { ...defaultState('any'), expression: '1 + 1', context: '{"saved": true}' };
const query = `?expr=${encodeURIComponent('2 + 2')}&profile=any`;

describe('opening state (decided: share link > query parameters > saved state)', () => {
  it('a share link wins over query parameters and the saved state', async () => {
    const hash = `#${await encodeShareHash(linked)}`;
    const r = await initialState({ hash, search: query, saved: JSON.stringify(saved) });
    expect(r).toEqual({ state: linked, source: 'link', notices: [] });
  });

  it('query parameters win over the saved state', async () => {
    const r = await initialState({ hash: '', search: query, saved: JSON.stringify(saved) });
    expect(r.source).toBe('query');
    expect(r.state.expression).toBe('2 + 2');
  });

  it('fields a query does not give come from its profile, not from the saved state', async () => {
    const r = await initialState({ hash: '', search: query, saved: JSON.stringify(saved) });
    expect(r.state).toEqual({ ...defaultState('any'), expression: '2 + 2' });
  });

  it('the saved state comes back when the URL says nothing', async () => {
    const r = await initialState({ hash: '', search: '', saved: JSON.stringify(saved) });
    expect(r).toEqual({ state: saved, source: 'saved', notices: [] });
  });

  it('the defaults come last', async () => {
    const r = await initialState({ hash: '', search: '', saved: null });
    expect(r).toEqual({ state: defaultState('verification'), source: 'default', notices: [] });
  });

  it('a damaged link falls through to the next source, with a notice', async () => {
    const r = await initialState({ hash: '#v1.AAAA', search: query, saved: null });
    expect(r.source).toBe('query');
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toMatch(/damaged.*ignored/);
  });

  it('a hash that is not a share link (an anchor) is not an error', async () => {
    const r = await initialState({ hash: '#top', search: '', saved: null });
    expect(r).toEqual({ state: defaultState(), source: 'default', notices: [] });
  });

  it('an unreadable saved state is skipped, with a notice', async () => {
    for (const bad of ['{not json', '[1]', 'null']) {
      const r = await initialState({ hash: '', search: '', saved: bad });
      expect(r.source).toBe('default');
      expect(r.notices).toEqual(['the saved state could not be read: starting afresh']);
    }
  });
});
