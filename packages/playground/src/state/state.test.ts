import { PROFILE_NAMES } from '@userfn/core';
import { describe, expect, it } from 'vitest';
import { completeState, defaultState, PROFILES, readPartialState, sameState } from './state.js';
import { loadSaved, saveState, STORAGE_KEY, type StorageLike } from './storage.js';

describe('state', () => {
  it('lists the core profiles, in the core order', () => {
    expect(PROFILES).toEqual(PROFILE_NAMES);
  });

  it('starts each profile with its example expression and context', () => {
    for (const p of PROFILES) {
      const s = defaultState(p);
      expect(s.profile).toBe(p);
      expect(s.expression.length).toBeGreaterThan(0);
      expect(() => JSON.parse(s.context)).not.toThrow();
      expect(s.mode).toBe('expression');
      expect(s.now).toBe('');
    }
    expect(defaultState('reranker').context).toContain('"score"');
    expect(defaultState('transition').context).toContain('"output"');
  });

  it('completes a partial state from the defaults of its own profile', () => {
    expect(completeState({ profile: 'reranker', expression: '1' })).toEqual({ ...defaultState('reranker'), expression: '1' });
    expect(completeState({})).toEqual(defaultState('verification'));
  });

  it('reads only well-typed fields from untrusted JSON', () => {
    expect(readPartialState({ mode: 'rules', profile: 'any', expression: 'x', context: 1, rules: null, now: '', extra: 1 })).toEqual({
      mode: 'rules',
      profile: 'any',
      expression: 'x',
      now: '',
    });
    expect(readPartialState([])).toBeUndefined();
    expect(readPartialState('x')).toBeUndefined();
  });

  it('compares states field by field', () => {
    expect(sameState(defaultState(), defaultState())).toBe(true);
    expect(sameState(defaultState(), { ...defaultState(), now: 'x' })).toBe(false);
  });
});

function memoryStorage(limit = Infinity): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException('quota', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

describe('storage', () => {
  it('saves and loads the state as JSON', () => {
    const storage = memoryStorage();
    expect(saveState(storage, defaultState('any'))).toEqual({ ok: true });
    expect(JSON.parse(loadSaved(storage)!)).toEqual(defaultState('any'));
  });

  it('says why a state too large for the quota is not saved, and drops the older one', () => {
    const storage = memoryStorage(10_000);
    saveState(storage, defaultState());
    const r = saveState(storage, { ...defaultState(), context: 'x'.repeat(20_000) });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/too large for the browser's local storage/);
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
  });

  it('works without storage (disabled by the browser)', () => {
    expect(loadSaved(undefined)).toBeNull();
    expect(saveState(undefined, defaultState()).ok).toBe(false);
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(loadSaved(throwing)).toBeNull();
  });
});
