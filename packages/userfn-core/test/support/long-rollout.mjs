/**
 * A long-context NeMo Gym rollout as it reaches a resource server's /verify
 * during RL training: every model call's last output item carries the
 * `TokenIDLogProbMixin` fields (`prompt_token_ids`: the whole context of that
 * call, `generation_token_ids`, `generation_log_probs`), as NeMo Gym's
 * "...ForTraining" output items do. Plain JavaScript so that the tests and
 * bench/src/rollout-size.mjs share it.
 */

import { prng } from '../../../../examples/generate-sessions.mjs';

const VOCAB = 151_936; // Qwen's vocabulary: token ids of up to six digits
const CHARS_PER_TOKEN = 4;

/**
 * `turns` model calls whose contexts grow evenly to `contextTokens`: each
 * call generates `generationTokens / turns` tokens (a reasoning item then a
 * message or a tool call), and the first prompt holds the rest. Log-probs are
 * float32 values widened to doubles, as vLLM returns them (up to 17 digits).
 * The last message's text is `answer`.
 */
export function longRollout({ contextTokens, generationTokens, turns = 1, answer = '{"confidence": 0.9}', seed = 1 }) {
  const rnd = prng(seed);
  const ids = (n) => Array.from({ length: n }, () => Math.floor(rnd() * VOCAB));
  const logProbs = (n) => Array.from({ length: n }, () => Math.fround(Math.log(1 - rnd() * 0.999)));
  const text = (tokens) => 'lorem ipsum dolor sit amet '.repeat(Math.ceil((tokens * CHARS_PER_TOKEN) / 27)).slice(0, tokens * CHARS_PER_TOKEN);
  const promptTokens = contextTokens - generationTokens;
  const perTurn = Math.floor(generationTokens / turns);
  const context = ids(promptTokens);
  const output = [];
  for (let t = 0; t < turns; t++) {
    const generated = ids(perTurn);
    const training = { prompt_token_ids: context.slice(), generation_token_ids: generated, generation_log_probs: logProbs(perTurn) };
    const last = t === turns - 1;
    output.push({ id: `rs_${t}`, type: 'reasoning', summary: [{ type: 'summary_text', text: text(Math.floor(perTurn / 2)) }] });
    if (last) {
      output.push({
        id: `msg_${t}`,
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: answer, annotations: [] }],
        ...training,
      });
    } else {
      output.push({
        id: `fc_${t}`,
        type: 'function_call',
        name: 'search',
        arguments: JSON.stringify({ query: text(16) }),
        call_id: `call_${t}`,
        status: 'completed',
        ...training,
      });
      output.push({ type: 'function_call_output', call_id: `call_${t}`, output: text(Math.floor(perTurn / 2)) });
    }
    context.push(...generated);
  }
  return {
    responses_create_params: { input: [{ role: 'user', content: text(promptTokens) }] },
    response: { id: 'resp_1', object: 'response', model: 'policy', output },
  };
}
