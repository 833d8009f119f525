import { internalsOf } from '../api/compiled.js';
import type { Node } from '../common/ast/nodes.js';
import { LineIndex } from '../common/diagnostics/line-index.js';
import { coveragePoints, reachTracer, type CoveragePoint } from '../language/interpreter/coverage.js';
import { interpret } from '../language/interpreter/interpret.js';
import { fixedClock } from './verify.js';
import type { Compiled } from '../api/compiled.js';
import type { RuleSet, Verification, VerifyOptions } from './types.js';

/** One `and`/`or` operand or conditional branch of a rule's condition, and how many runs reached it. */
export interface PointCoverage {
  readonly kind: CoveragePoint['kind'];
  /** `and left`, `or right`, `then`, `else`. */
  readonly role: string;
  /** The operand's or branch's text. */
  readonly text: string;
  /** 1-based line and column in the condition. */
  readonly line: number;
  readonly column: number;
  readonly reached: number;
}

/** What the cases saw of one rule. */
export interface RuleCoverage {
  readonly id: string;
  /** `judge`: a judge rule, whose points are those of its `when` (and whose outcomes come from the verifications recorded). */
  readonly kind: 'condition' | 'judge';
  /** How many contexts the rule held on, and did not hold on. */
  readonly held: number;
  readonly notHeld: number;
  readonly points: readonly PointCoverage[];
}

/** The coverage of a rule set: each rule seen holding and not holding, each point reached, as counts and a percentage. */
export interface CoverageReport {
  readonly rules: readonly RuleCoverage[];
  /** Items seen: two per rule (held, not held) and one per point. */
  readonly covered: number;
  readonly total: number;
  /** covered / total × 100 (100 for a rule set with nothing to cover). */
  readonly percent: number;
  /** The rules no case saw fail: their failure path is untested. */
  readonly neverFailed: readonly string[];
}

interface RuleState {
  readonly id: string;
  readonly kind: RuleCoverage['kind'];
  /** The condition, or a judge rule's `when` (absent: a judge rule without one). */
  readonly compiled?: Compiled;
  readonly source: string;
  readonly points: readonly CoveragePoint[];
  readonly reached: number[];
  held: number;
  notHeld: number;
}

/**
 * Records coverage over many verifications of one rule set. Each `record`
 * re-runs every rule on the reference interpreter with a tracer (coverage is
 * a testing tool: verification itself runs the compiled closures, untraced).
 */
export class CoverageRecorder {
  private readonly states: RuleState[];

  constructor(ruleSet: RuleSet) {
    const state = (id: string, kind: RuleCoverage['kind'], compiled: Compiled | undefined, source: string): RuleState => {
      const points = compiled ? coveragePoints(internalsOf(compiled).checked.ast) : [];
      return { id, kind, ...(compiled ? { compiled } : {}), source, points, reached: points.map(() => 0), held: 0, notHeld: 0 };
    };
    const conditions = new Map(ruleSet.rules.map((r) => [r.id, r]));
    const judges = new Map(ruleSet.judges.map((j) => [j.id, j]));
    this.states = ruleSet.definition.rules.map((d) => {
      const c = conditions.get(d.id);
      if (c) return state(d.id, 'condition', c.compiled, c.condition);
      const j = judges.get(d.id)!;
      return state(d.id, 'judge', j.whenCompiled, j.when ?? '');
    });
  }

  /**
   * Runs every rule on a context, counting what held and what was reached. A
   * judge rule's `when` is traced; whether it held is read from `verification`
   * (the case's, with its scripted verdicts), and not counted without one.
   */
  record(context: unknown, options: VerifyOptions = {}, verification?: Verification): void {
    const clock = fixedClock(options.now);
    this.states.forEach((s, index) => {
      const reached = new Set<Node>();
      let held = false;
      try {
        if (s.compiled) {
          const compiled = internalsOf(s.compiled);
          held = interpret(compiled.checked, compiled.runtime(context, clock), reachTracer(reached)) === true;
        }
      } catch {
        // a runtime error: the rule does not hold, and what ran before it was reached
      }
      let outcome: boolean | undefined = held;
      // A judge rule: its verification says; without one only a skip (its `when` not true) is known, and it holds.
      if (s.kind === 'judge') outcome = verification ? verification.results[index]?.passed : s.compiled && !held ? true : undefined;
      if (outcome === true) s.held++;
      else if (outcome === false) s.notHeld++;
      s.points.forEach((p, i) => {
        if (reached.has(p.node)) s.reached[i]!++;
      });
    });
  }

  report(): CoverageReport {
    let covered = 0;
    let total = 0;
    const rules = this.states.map((s): RuleCoverage => {
      const lines = new LineIndex(s.source);
      const points = s.points.map((p, i): PointCoverage => {
        const at = lines.locate(p.span);
        return { kind: p.kind, role: p.role, text: s.source.slice(p.span.start, p.span.end), line: at.line, column: at.column, reached: s.reached[i]! };
      });
      total += 2 + points.length;
      covered += (s.held > 0 ? 1 : 0) + (s.notHeld > 0 ? 1 : 0) + points.filter((p) => p.reached > 0).length;
      return { id: s.id, kind: s.kind, held: s.held, notHeld: s.notHeld, points };
    });
    return {
      rules,
      covered,
      total,
      percent: total === 0 ? 100 : (covered / total) * 100,
      neverFailed: rules.filter((r) => r.notHeld === 0).map((r) => r.id),
    };
  }
}
