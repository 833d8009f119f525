import { T, type Type } from '../types/type.js';
import type { JsonSchema } from './schema.js';

export type ProfileName = 'verification' | 'transition' | 'reranker' | 'any';

export const PROFILE_NAMES: readonly ProfileName[] = ['verification', 'transition', 'reranker', 'any'];

export interface Profile {
  readonly name: ProfileName;
  readonly description: string;
  /** The expected result type (null is always allowed); `dyn` accepts anything. */
  readonly result: Type;
  /** The context schema used for checking and editor completion when the host gives none. Frozen: to extend it, pass a copy as `contextSchema`. */
  readonly schema: JsonSchema | undefined;
}

/**
 * Any JSON value: no `type`, so the checker types it `dyn` and never turns a
 * value the documentation allows (a JSON string, a parsed object, a number…)
 * into a runtime type error.
 */
const anyJson = (description: string): JsonSchema => ({ description });

const toolCall: JsonSchema = {
  type: 'object',
  description: 'One tool call, in the order the agent made it.',
  properties: {
    name: {
      type: 'string',
      description:
        'The tool name. NeMo Gym rollouts name hosted and computer tools by their kind: web_search, file_search, code_interpreter, image_generation, computer, local_shell.',
    },
    arguments: anyJson('The call arguments: any JSON value (the parsed object when they were JSON text, else as written).'),
    output: anyJson(
      "The call's output: any JSON value — usually the raw JSON text, sometimes an already parsed object. A path cannot read inside JSON text: use json_get(get('$.tool_calls[0].output'), '$.field').",
    ),
    error: anyJson('The error of a call that failed on the server (NeMo Gym mcp_call items).'),
  },
};

/** `$.agent` / `$.session`: a key, a name, a description and free-form metadata. */
const described = (root: 'agent' | 'session', what: string, keyDescription: string): JsonSchema => ({
  type: 'object',
  description: `The ${what}.`,
  properties: {
    key: { type: 'string', description: keyDescription },
    name: { type: 'string', description: `The ${what}'s name.` },
    description: { type: 'string', description: `The ${what}'s description.` },
    metadata: {
      type: 'object',
      description: `The ${what}'s metadata, by key: $.${root}.metadata.<key> (each value any JSON).`,
      additionalProperties: anyJson('A metadata value: any JSON.'),
    },
  },
});

/** `$.response`: what a NeMo Gym rollout says of the response itself (verification only). */
const rolloutResponse: JsonSchema = {
  type: 'object',
  description: 'NeMo Gym rollouts: the response itself. Absent in other sessions.',
  properties: {
    status: {
      type: 'string',
      description:
        "The response's status: completed, incomplete (cut off, e.g. at max_output_tokens), failed, in_progress…; absent when the rollout gives none. Reject a truncated rollout with get('$.response.status') != 'incomplete'.",
    },
    incomplete_details: anyJson('Why the response is incomplete, e.g. { "reason": "max_output_tokens" }.'),
    error: anyJson('The error of a failed response.'),
  },
};

const sessionSchema = (outputDescription: string, nemoGym = false): JsonSchema => ({
  type: 'object',
  description: 'An agent session.',
  properties: {
    agent: described('agent', 'worker agent', "The worker agent's key."),
    session: described('session', 'session', 'The session key.'),
    currentDate: {
      type: 'string',
      description: "The time of the evaluation, as ISO 8601 text (e.g. 2026-11-21T12:00:00Z): compare it as iso_datetime_parse(get('$.currentDate')).",
    },
    output: {
      // More than one type, so the checker types it dyn: usually an object, but Vectara passes on whatever a
      // model returned for a structured output (it does not re-validate it), so a string or a list must not
      // become a type error (properties alone would make it an object). 'array' is left out only so that
      // completion after `$.output.` offers the members, not list steps; a list is read as it is all the same.
      type: ['object', 'string', 'number', 'boolean'],
      description: outputDescription,
      // Declared for completion only: a structured output has any members, of any type.
      properties: {
        text: anyJson('The text of a plain-text answer (structured outputs have their own members).'),
        refusal: anyJson('The text of a refusal, when the agent refused (NeMo Gym rollouts).'),
      },
      additionalProperties: true,
    },
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
            properties: {
              latest: anyJson(
                "The latest output: any JSON value — typically the raw JSON text (read inside it with json_get(get('$.tools.<name>.outputs.latest'), '$.field')), or an already parsed object (read its members with get).",
              ),
            },
          },
        },
      },
    },
    tool_calls: { type: 'array', description: 'Every tool call, in order (optional).', items: toolCall },
    task: { description: "The task the agent was given (NeMo Gym: the rollout's responses_create_params.input, as written); optional." },
    expected_answer: { description: "The expected answer, when the data carries one (NeMo Gym: a top-level field of the dataset's row); optional." },
    ...(nemoGym ? { response: rolloutResponse } : {}),
  },
});

/** The profiles, each frozen, and the record: no one swaps a profile's schema or result for everyone else either. */
function frozenProfiles(profiles: Record<ProfileName, Profile>): Readonly<Record<ProfileName, Profile>> {
  for (const p of Object.values(profiles)) Object.freeze(p);
  return Object.freeze(profiles);
}

/**
 * Freezes a built-in schema and everything in it: the profiles are shared by
 * every user of the package in a process, so no one may change the checking of
 * the others, and the checker may keep what it learnt from them
 * (path-schema.ts keeps the types of the paths it typed through them).
 */
function frozenSchema(schema: JsonSchema): JsonSchema {
  const stack: object[] = [schema];
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (Object.isFrozen(o)) continue;
    Object.freeze(o);
    for (const v of Object.values(o)) if (v !== null && typeof v === 'object') stack.push(v);
  }
  return schema;
}

export const PROFILES: Readonly<Record<ProfileName, Profile>> = frozenProfiles({
  verification: {
    name: 'verification',
    description: 'Decides whether a finished agent session succeeded: a boolean (null counts as false).',
    result: T.boolean,
    schema: frozenSchema(
      sessionSchema(
        'The final output: the parsed object for structured-output agents, { "text": "..." } for plain-text agents; absent when there was none. ' +
          'From a NeMo Gym rollout: the last assistant message that is not empty, its <think>…</think> reasoning removed; a message that is one JSON object (bare or a fenced ```json block) parsed; a refusal as { "refusal": "..." }.',
        true,
      ),
    ),
  },
  transition: {
    name: 'transition',
    description: "Decides whether the running agent moves to the next step: a boolean over the session, with $.output the step's structured output.",
    result: T.boolean,
    schema: frozenSchema(
      sessionSchema(
        "The step's structured output: usually an object, but any JSON value is read as it is (Vectara does not re-validate what the model returned for a structured output parser).",
      ),
    ),
  },
  reranker: {
    name: 'reranker',
    description: 'Rescores one search result: a number, or null to drop the result.',
    result: T.number,
    schema: frozenSchema({
      type: 'object',
      description: 'One search result.',
      properties: {
        score: { type: 'number', description: 'The retrieval score.' },
        text: { type: 'string', description: 'The matched text.' },
        document_id: { type: 'string', description: 'The document id.' },
        document_metadata: { type: 'object', description: "The document's metadata." },
        part_metadata: { type: 'object', description: "The matched part's metadata (e.g. lang)." },
      },
    }),
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
