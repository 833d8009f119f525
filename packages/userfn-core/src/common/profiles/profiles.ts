import { T, type Type } from '../types/type.js';
import type { JsonSchema } from './schema.js';

export type ProfileName = 'verification' | 'transition' | 'reranker' | 'any';

export const PROFILE_NAMES: readonly ProfileName[] = ['verification', 'transition', 'reranker', 'any'];

export interface Profile {
  readonly name: ProfileName;
  readonly description: string;
  /** The expected result type (null is always allowed); `dyn` accepts anything. */
  readonly result: Type;
  /** The context schema used for checking and editor completion when the host gives none. */
  readonly schema: JsonSchema | undefined;
}

const toolCall: JsonSchema = {
  type: 'object',
  description: 'One tool call, in the order the agent made it.',
  properties: {
    name: { type: 'string', description: 'The tool name.' },
    arguments: { description: 'The call arguments (parsed JSON when they were JSON).' },
    output: { description: 'The raw output of the call (usually a JSON string).' },
  },
};

const sessionSchema = (outputDescription: string): JsonSchema => ({
  type: 'object',
  description: 'An agent session.',
  properties: {
    agent: { type: 'object', description: 'The worker agent.', properties: { key: { type: 'string', description: "The worker agent's key." } } },
    session: { type: 'object', description: 'The session.', properties: { key: { type: 'string', description: 'The session key.' } } },
    output: { type: 'object', description: outputDescription },
    tools: {
      type: 'object',
      description: 'Each tool that produced output, by name.',
      additionalProperties: {
        type: 'object',
        description: 'A tool.',
        properties: {
          outputs: {
            type: 'object',
            description: "The tool's outputs.",
            properties: { latest: { type: 'string', description: 'The latest raw output (usually a JSON string).' } },
          },
        },
      },
    },
    tool_calls: { type: 'array', description: 'Every tool call, in order (optional).', items: toolCall },
    task: { description: "The task the agent was given (NeMo Gym: the rollout's responses_create_params.input, as written); optional." },
    expected_answer: { description: "The expected answer, when the data carries one (NeMo Gym: a top-level field of the dataset's row); optional." },
  },
});

export const PROFILES: Readonly<Record<ProfileName, Profile>> = Object.freeze({
  verification: {
    name: 'verification',
    description: 'Decides whether a finished agent session succeeded: a boolean (null counts as false).',
    result: T.boolean,
    schema: sessionSchema(
      'The final output: the parsed object for structured-output agents, { "text": "..." } for plain-text agents; absent when there was none.',
    ),
  },
  transition: {
    name: 'transition',
    description: "Decides whether the running agent moves to the next step: a boolean over the session, with $.output the step's structured output.",
    result: T.boolean,
    schema: sessionSchema("The step's structured output."),
  },
  reranker: {
    name: 'reranker',
    description: 'Rescores one search result: a number, or null to drop the result.',
    result: T.number,
    schema: {
      type: 'object',
      description: 'One search result.',
      properties: {
        score: { type: 'number', description: 'The retrieval score.' },
        text: { type: 'string', description: 'The matched text.' },
        document_id: { type: 'string', description: 'The document id.' },
        document_metadata: { type: 'object', description: "The document's metadata." },
        part_metadata: { type: 'object', description: "The matched part's metadata (e.g. lang)." },
      },
    },
  },
  any: {
    name: 'any',
    description: 'Any JSON context and any result: for exploring data and for hosts that only want a value.',
    result: T.dyn,
    schema: undefined,
  },
});

export function isProfileName(v: unknown): v is ProfileName {
  return typeof v === 'string' && (PROFILE_NAMES as readonly string[]).includes(v);
}
