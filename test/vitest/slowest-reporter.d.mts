/** See slowest-reporter.mjs. */
export default class SlowestReporter {
  constructor(budget: { suiteSeconds: number; perTestSeconds: number; top?: number });
}
