/**
 * Two rule sets that give the same rollout different rewards, for the
 * benches that swap one for the other with SIGHUP (soak.mjs, drain.mjs):
 * each answer's reward says which rule set served it, and a request that saw
 * half of one and half of the other would get neither.
 */
export const A = {
  rules: [
    { id: 'has-output', condition: "get('$.output') != null" },
    { id: 'never', condition: 'false' },
  ],
};
export const B = {
  rules: [
    { id: 'has-output', condition: "get('$.output') != null" },
    { id: 'never', condition: 'false', weight: 3 },
  ],
};
/** The reward each rule set gives a rollout that has an output. */
export const REWARD = { A: 0.5, B: 0.25 };
