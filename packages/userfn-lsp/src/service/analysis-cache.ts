/**
 * Analyses of UserFn sources by profile and text: when a rule set is edited,
 * only the conditions whose text changed are parsed and checked again. The
 * service clears it when its configuration (schemas, host functions) changes,
 * since an analysis depends on them.
 */
import type { Analysis, ProfileName } from '@userfn/core';

/** Enough for several open rule sets of thousands of rules; the oldest entries go first beyond it. */
const MAX_ENTRIES = 20_000;

export class AnalysisCache {
  private readonly entries = new Map<string, Analysis>();

  get(profile: ProfileName, source: string, analyze: () => Analysis): Analysis {
    const key = `${profile}\u0000${source}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const analysis = analyze();
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, analysis);
    return analysis;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
