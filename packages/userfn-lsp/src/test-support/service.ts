/** Language services for tests that record internal failures, so tests can assert there were none. */
import { afterEach, expect } from 'vitest';
import { createLanguageService, type LanguageService, type LanguageServiceConfig } from '../service/index.js';

export interface TestService {
  readonly ls: LanguageService;
  /** Every internal failure the guard caught. */
  readonly failures: Array<{ feature: string; error: unknown }>;
}

/** A service with this configuration; `failures` fills when a feature threw internally. */
export function testService(config: LanguageServiceConfig = {}): TestService {
  const failures: Array<{ feature: string; error: unknown }> = [];
  const ls = createLanguageService({ ...config, onError: (feature, error) => failures.push({ feature, error }) });
  return { ls, failures };
}

/**
 * A factory of services for one test file: after each test, every service it
 * made must have recorded no internal failure (the guard would otherwise hide one).
 */
export function checkedServices(): (config?: LanguageServiceConfig) => LanguageService {
  const made: TestService[] = [];
  afterEach(() => {
    const failures = made.flatMap((s) => s.failures);
    made.length = 0;
    expect(failures).toEqual([]);
  });
  return (config = {}) => {
    const s = testService(config);
    made.push(s);
    return s.ls;
  };
}
