/** The W9 rules as UserFn rule-set documents: the batch figure's rule set and the language service's 2 KB document. */

/** The W9 rules as a UserFn rule-set document (plain JSON). */
export function ruleSetOf(workload) {
  return {
    profile: 'verification',
    description: `The bench's ${workload.id} rule set (bench/workloads.json): ${workload.title}.`,
    rules: workload.sources.userfn.map((condition, i) => ({ id: workload.rules[i].id, condition, message: workload.rules[i].message })),
  };
}

/** The W9 rule set as a user would write it, with a longer description: about 2 KB of JSON. */
export function lsDocumentText(workload) {
  const rs = ruleSetOf(workload);
  rs.description =
    'Contract for the doc-indexer agent. Every session must end with an indexed output that is confident and cites ' +
    'its sections, and must have used the search and account tools. The weighted reward mixes correctness (0.7) and ' +
    'coverage (0.3); records below 0.5 fail. Owned by the indexing team; see the runbook before changing a threshold. ' +
    'Thresholds are reviewed every quarter against a labelled sample of sessions.';
  return `${JSON.stringify(rs, null, 2)}\n`;
}
