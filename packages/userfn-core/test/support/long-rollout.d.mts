/** See long-rollout.mjs. */
export function longRollout(options: {
  contextTokens: number;
  generationTokens: number;
  turns?: number;
  answer?: string;
  seed?: number;
}): { responses_create_params: unknown; response: { output: unknown[] } };
