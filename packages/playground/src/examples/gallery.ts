/**
 * The examples gallery: the checks people write most, each with its profile.
 * Picking one loads its expression and its profile's example context (see
 * contexts.ts); examples that read `now()` fix the clock to the instant the
 * example contexts were written for, so they give the same answer any day.
 */
import type { ProfileName } from '@userfn/core';
import type { Mode } from '../state/state.js';

/** One gallery entry. */
export interface GalleryExample {
  /** Stable id (used in data-testid `example-<id>`). */
  readonly id: string;
  readonly title: string;
  readonly mode: Mode;
  readonly profile: ProfileName;
  /** The expression (mode `expression`); the rule-set mode uses its default rule set. */
  readonly expression: string;
  /** One sentence on what it shows. */
  readonly description: string;
  /** A fixed clock for examples that read `now()`. */
  readonly now?: string;
  /** What the example gives on its context: the gallery test holds the examples to it. */
  readonly expect: unknown;
}

/** The instant the example contexts were written for (as in examples/expressions.json). */
export const EXAMPLE_NOW = '2026-11-21T12:00:00Z';

/** Every gallery example, in display order. */
export const GALLERY: readonly GalleryExample[] = [
  {
    id: 'require-output',
    title: 'Require output',
    mode: 'expression',
    profile: 'verification',
    expression: "get('$.output') != null",
    description: 'The session ended with a final output.',
    expect: true,
  },
  {
    id: 'structured-field',
    title: 'A structured field',
    mode: 'expression',
    profile: 'verification',
    expression: "get('$.output.status') == 'refunded'",
    description: 'A field of a structured output has the expected value.',
    expect: true,
  },
  {
    id: 'min-confidence',
    title: 'A minimum confidence',
    mode: 'expression',
    profile: 'verification',
    expression: "get('$.output.confidence') >= 0.95",
    description: 'False on the example session (0.91): the explanation says why.',
    expect: false,
  },
  {
    id: 'tool-ran',
    title: 'A tool that must have run',
    mode: 'expression',
    profile: 'verification',
    expression: "called('lookup_account') and not called('delete_account')",
    description: 'One tool ran, another never did.',
    expect: true,
  },
  {
    id: 'tool-sequence',
    title: 'An ordered tool sequence',
    mode: 'expression',
    profile: 'verification',
    expression: "called_in_order(['lookup_account', 'verify_identity', 'process_refund'])",
    description: 'The calls happened in this order (others may come between).',
    expect: true,
  },
  {
    id: 'combined',
    title: 'Combined checks',
    mode: 'expression',
    profile: 'verification',
    expression: [
      "get('$.output.status') == 'refunded'",
      "  and json_get(get('$.tools.process_refund.outputs.latest'), '$.status') == 'ok'",
      "  and matches(lower(get('$.output.text')), 'refund\\s+(has\\s+been\\s+)?processed')",
      "  and hours(now() - iso_datetime_parse(get('$.output.created_at'))) < 24",
    ].join('\n'),
    description: 'Output field, tool output, reply text and freshness, all at once.',
    now: EXAMPLE_NOW,
    expect: true,
  },
  {
    id: 'recency-reranker',
    title: 'A recency-boosted reranker score',
    mode: 'expression',
    profile: 'reranker',
    expression: "get('$.score') * (1 + 0.5 * max(0, 1 - days(now() - iso_datetime_parse(get('$.document_metadata.updated_at'))) / 30))",
    description: 'Up to +50% for documents updated in the last 30 days.',
    now: EXAMPLE_NOW,
    expect: 0.62 * (1 + 0.5 * (1 - 3.1666666666666665 / 30)),
  },
  {
    id: 'step-transition',
    title: 'A step transition',
    mode: 'expression',
    profile: 'transition',
    expression: "get('$.output.category') == 'billing' and not get('$.output.needs_human', false)",
    description: "Move on when the step's structured output routes to billing.",
    expect: true,
  },
  {
    id: 'explore',
    title: 'Explore any JSON',
    mode: 'expression',
    profile: 'any',
    expression: "get('$.orders[?@.total > 20].id')",
    description: 'A JSONPath filter over any context returns every match.',
    expect: ['ord_1187', 'ord_1240'],
  },
  {
    id: 'rule-set',
    title: 'A rule set (verification contract)',
    mode: 'rules',
    profile: 'verification',
    expression: '',
    description: 'Named rules with messages, weights and severities: a verdict and a score.',
    expect: true,
  },
];
