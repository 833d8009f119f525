import { charge, checkDepth, type VisitBudget } from './budget.js';
import { isArray, isRecord, ownElement, type JsonRecord } from '../../common/values/json-values.js';

/** One container being walked: its children are taken one at a time. */
interface Frame {
  readonly array: readonly unknown[] | null;
  readonly record: JsonRecord | null;
  readonly keys: readonly string[] | null;
  next: number;
}

function frameOf(node: unknown): Frame | null {
  if (isArray(node)) return { array: node, record: null, keys: null, next: 0 };
  if (isRecord(node)) return { array: null, record: node, keys: Object.keys(node), next: 0 };
  return null;
}

/**
 * Calls `visit` on `start` and then on every node below it, each node before
 * its descendants and array elements in order (the pre-order RFC 9535 asks of
 * a descendant segment). The walk keeps its own stack, so a document nested
 * 100,000 levels deep costs heap, not call stack; each visit is charged to the
 * budget and going deeper than `budget.maxDepth` below `start` throws.
 */
export function forEachDescendant(start: unknown, budget: VisitBudget, visit: (node: unknown) => void): void {
  charge(budget);
  visit(start);
  const first = frameOf(start);
  if (first === null) return;
  const stack: Frame[] = [first];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    let child: unknown;
    if (f.array !== null) {
      if (f.next >= f.array.length) {
        stack.pop();
        continue;
      }
      const i = f.next++;
      child = ownElement(f.array, i);
    } else {
      const keys = f.keys!;
      if (f.next >= keys.length) {
        stack.pop();
        continue;
      }
      const k = keys[f.next++]!;
      child = f.record![k];
    }
    if (child === undefined) continue;
    // A child of the top frame is as many levels below `start` as there are open frames.
    checkDepth(budget, stack.length);
    charge(budget);
    visit(child);
    const frame = frameOf(child);
    if (frame !== null) stack.push(frame);
  }
}
