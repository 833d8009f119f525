/**
 * What a long-context rollout weighs on the wire to /verify: NeMo Gym
 * rollouts collected for RL training carry, on each model call's output item,
 * the call's whole prompt as token ids, the generated token ids and their
 * log-probabilities (packages/userfn-core/test/support/long-rollout.mjs builds
 * them). Sizes as JSON.stringify writes them and as Python's json.dumps does
 * (", " and ": " separators: one byte more per list element and per key).
 *
 *   node src/rollout-size.mjs
 */
import { longRollout } from '../../packages/userfn-core/test/support/long-rollout.mjs';

const SHAPES = [
  ['one call: 8k-token prompt, 120k generated', { contextTokens: 131_072, generationTokens: 122_880 }],
  ['one call: 120k-token prompt, 8k generated', { contextTokens: 131_072, generationTokens: 8_192 }],
  ['agent, 16 calls growing to 128k (64k generated)', { contextTokens: 131_072, generationTokens: 65_536, turns: 16 }],
  ['agent, 32 calls growing to 128k (96k generated)', { contextTokens: 131_072, generationTokens: 98_304, turns: 32 }],
];

const MiB = 1024 * 1024;
console.log('| rollout | JSON.stringify MiB | Python json.dumps MiB |\n| --- | --- | --- |');
for (const [label, shape] of SHAPES) {
  const text = JSON.stringify(longRollout(shape));
  // Python's default separators add a space after every ',' and ':' outside strings.
  let extra = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 && text.charCodeAt(i - 1) !== 0x5c) inString = !inString;
    else if (!inString && (c === 0x2c || c === 0x3a)) extra++;
  }
  console.log(`| ${label} | ${(text.length / MiB).toFixed(2)} | ${((text.length + extra) / MiB).toFixed(2)} |`);
}
