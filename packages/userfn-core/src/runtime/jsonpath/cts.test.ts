import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compilePath, JsonPathSyntaxError } from './index.js';

/**
 * The JSONPath Compliance Test Suite (RFC 9535), every case. The data sits in
 * the shared folder beside the repository; a missing file fails the suite.
 */
interface CtsCase {
  readonly name: string;
  readonly selector: string;
  readonly invalid_selector?: boolean;
  readonly document?: unknown;
  readonly result?: unknown[];
  readonly results?: unknown[][];
}

const CTS_URL = new URL('../../../../../../shared/data/jsonpath-cts.json', import.meta.url);

function loadCases(): CtsCase[] {
  const parsed = JSON.parse(readFileSync(CTS_URL, 'utf8')) as { tests: CtsCase[] };
  return parsed.tests;
}

// Read at collection time: if the file is missing, collection throws and the run fails.
const cases = loadCases();

describe('JSONPath compliance test suite', () => {
  it('has all 703 cases', () => {
    expect(cases).toHaveLength(703);
  });

  it.for(cases.map((c) => [c.name, c] as const))('%s', ([, c]) => {
    if (c.invalid_selector === true) {
      expect(() => compilePath(c.selector)).toThrow(JsonPathSyntaxError);
      return;
    }
    const actual = compilePath(c.selector).select(c.document);
    if (c.results !== undefined) {
      expect(c.results).toContainEqual(actual);
    } else {
      expect(actual).toEqual(c.result);
    }
  });
});
