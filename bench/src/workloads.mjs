/** Reading workloads.json, checking its shape, and comparing results with the expected values. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WORKLOADS_PATH = fileURLToPath(new URL('../workloads.json', import.meta.url));

/** The syntaxes a workload must give a source (or null) for. */
export const SYNTAXES = ['userfn', 'js', 'cel', 'jexl', 'filtrex', 'expr-eval', 'jsonata', 'json-logic', 'jsonpath-plus'];

/** The parsed workload file (validated: a malformed file is an Error listing every problem). */
export function loadWorkloads(path = WORKLOADS_PATH) {
  const data = JSON.parse(readFileSync(path, 'utf8'));
  const problems = validateWorkloads(data);
  if (problems.length > 0) throw new Error(`${path} is malformed:\n  ${problems.join('\n  ')}`);
  return data;
}

/** Every problem of a workload file's shape, one sentence each (empty when it is fine). */
export function validateWorkloads(data) {
  const problems = [];
  if (typeof data?.context !== 'object' || data.context === null) problems.push('context must be an object');
  if (typeof data?.now !== 'string' || Number.isNaN(Date.parse(data.now))) problems.push('now must be an ISO 8601 datetime');
  if (!Array.isArray(data?.workloads)) return [...problems, 'workloads must be a list'];
  const ids = new Set();
  for (const w of data.workloads) {
    const at = `workload ${w?.id ?? '?'}`;
    if (typeof w?.id !== 'string' || ids.has(w.id)) problems.push(`${at}: id must be a unique string`);
    ids.add(w?.id);
    if (!('expected' in (w ?? {}))) problems.push(`${at}: no expected value`);
    const count = Array.isArray(w?.sources?.userfn) ? w.sources.userfn.length : 1;
    for (const syntax of SYNTAXES) {
      const s = w?.sources?.[syntax];
      if (s === undefined) problems.push(`${at}: no source for ${syntax} (write null and a reason in na when it cannot be expressed)`);
      else if (s === null && typeof w.na?.[syntax] !== 'string') problems.push(`${at}: ${syntax} is null without a reason in na`);
      else if (s !== null && (Array.isArray(s) ? s.length : 1) !== count) problems.push(`${at}: ${syntax} has a different number of rules than userfn`);
    }
    if (Array.isArray(w?.rules) && w.rules.length !== count) problems.push(`${at}: rules and sources differ in length`);
  }
  return problems;
}

/** Equal results: numbers within a relative 1e-9 (engines round differently), anything else deeply equal. */
export function sameResult(got, expected) {
  if (typeof expected === 'number') {
    return typeof got === 'number' && Math.abs(got - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
  }
  if (Array.isArray(expected)) {
    return Array.isArray(got) && got.length === expected.length && expected.every((e, i) => sameResult(got[i], e));
  }
  if (expected !== null && typeof expected === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(got).length && keys.every((k) => Object.hasOwn(got, k) && sameResult(got[k], expected[k]));
  }
  return got === expected;
}

/** A short printable form of a result, for error messages. */
export function describe(v) {
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return `${v}n`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 120 ? `${s.slice(0, 117)}...` : s;
  } catch {
    return String(v);
  }
}
