#!/usr/bin/env node
/**
 * Checks every conformance file in this folder, with no dependencies:
 * each file against case.schema.json (read and applied by the small schema
 * interpreter in ../support/json-schema-lite.mjs, so the schema stays the one statement of the format),
 * then the rules a schema cannot say: case names unique across the suite,
 * codes present in codes.ts, `at` found in `expr`, real calendar datetimes,
 * canonical durations. Prints the case count per file; exits 1 on any problem.
 *
 * Usage: node test/conformance/validate.mjs
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateJson } from '../support/json-schema-lite.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CODES_PATH = join(here, '../../packages/userfn-core/src/common/diagnostics/codes.ts');
const SCHEMA_FILE = 'case.schema.json';
const AGENT_TOOLS = /\b(called|call_count|called_in_order)\s*\(/;

const problems = [];
const problem = (where, message) => problems.push(`${where}: ${message}`);

// ---- rules beyond the schema ----

function readCodes() {
  let text;
  try {
    text = readFileSync(CODES_PATH, 'utf8');
  } catch {
    problem('codes.ts', `cannot read ${CODES_PATH}`);
    return new Set();
  }
  return new Set([...text.matchAll(/\b\w+:\s*'(UF\d{4})'/g)].map((m) => m[1]));
}

const KIND_OF_DIGIT = { 1: 'syntax', 2: 'type', 3: 'runtime', 4: 'limit' };

/** A real calendar instant, e.g. no February 30. */
function isRealInstant(s) {
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return false;
  const iso = new Date(ms).toISOString(); // always has .sss
  return iso.slice(0, 19) === s.slice(0, 19);
}

/** Parts of a canonical duration stay below their next unit: no PT25H, no PT90M. */
function isCanonicalDuration(s) {
  const m = /T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(s);
  if (!m) return true; // days only
  return (m[1] === undefined || Number(m[1]) < 24) && (m[2] === undefined || Number(m[2]) < 60) && (m[3] === undefined || Number(m[3]) < 60);
}

function occurrences(haystack, needle) {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) n++;
  return n;
}

function checkCase(c, where, codes, names) {
  if (names.has(c.name)) problem(where, `case name also used in ${names.get(c.name)}`);
  else names.set(c.name, where.split(' ')[0]);

  const profile = c.profile ?? 'any';
  if (c.now !== undefined && !isRealInstant(c.now)) problem(where, `now ${c.now} is not a real instant`);

  const { expect } = c;
  if ('value' in expect) {
    if (expect.type === 'datetime' && typeof expect.value === 'string' && !isRealInstant(expect.value)) problem(where, `${expect.value} is not a real instant`);
    if (expect.type === 'duration' && typeof expect.value === 'string' && !isCanonicalDuration(expect.value))
      problem(where, `${expect.value} is not a canonical duration`);
  }
  const err = expect.error;
  if (err) {
    if (!codes.has(err.code)) problem(where, `code ${err.code} is not in codes.ts`);
    if (KIND_OF_DIGIT[err.code[2]] !== err.kind) problem(where, `code ${err.code} is not of kind ${err.kind}`);
    if (err.code.startsWith('UF21')) problem(where, `${err.code} is a warning code, not an error`);
    if (err.at !== undefined) {
      const n = occurrences(c.expr, err.at);
      if (n === 0) problem(where, `at ${JSON.stringify(err.at)} does not occur in expr`);
      else if (n > 1 && err.occurrence === undefined) problem(where, `at ${JSON.stringify(err.at)} occurs ${n} times: give "occurrence"`);
      else if (err.occurrence !== undefined && (err.occurrence > n || n === 1)) problem(where, `occurrence ${err.occurrence} is wrong: at occurs ${n} time(s)`);
    }
  }
  if (c.expr === '' && err?.code !== 'UF1012') problem(where, 'an empty expr must expect UF1012 (empty source)');
  for (const w of c.warnings ?? []) if (!codes.has(w)) problem(where, `warning ${w} is not in codes.ts`);
  // Decided: the agent-tool builtins exist only in verification and transition.
  if (AGENT_TOOLS.test(c.expr) && (profile === 'any' || profile === 'reranker') && err?.code !== 'UF2007') {
    problem(where, `uses an agent-tool builtin in the ${profile} profile without expecting UF2007`);
  }
}

// ---- main ----

function main() {
  const codes = readCodes();
  let schema;
  try {
    schema = JSON.parse(readFileSync(join(here, SCHEMA_FILE), 'utf8'));
  } catch (e) {
    console.error(`${SCHEMA_FILE}: ${e.message}`);
    process.exit(1);
  }
  if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') problem(SCHEMA_FILE, 'must declare JSON Schema draft 2020-12');

  const files = readdirSync(here)
    .filter((f) => f.endsWith('.json') && f !== SCHEMA_FILE)
    .sort();
  if (files.length === 0) problem('.', 'no case files');
  const names = new Map();
  let total = 0;
  for (const file of files) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(file)) problem(file, 'file names are kebab-case');
    let data;
    try {
      data = JSON.parse(readFileSync(join(here, file), 'utf8'));
    } catch (e) {
      problem(file, `invalid JSON: ${e.message}`);
      continue;
    }
    // The file's frame first, then each case on its own, so one bad case hides no other.
    const frame = { ...schema, properties: { ...schema.properties, cases: { type: 'array', minItems: 1 } } };
    const frameErrors = validateJson(schema, data, frame, file);
    problems.push(...frameErrors);
    if (frameErrors.length > 0) continue;
    data.cases.forEach((c, i) => {
      const caseErrors = validateJson(schema, c, schema.properties.cases.items, `${file}.cases[${i}]`);
      problems.push(...caseErrors);
      if (caseErrors.length === 0) checkCase(c, `${file} #${i + 1} "${c.name}"`, codes, names);
    });
    total += data.cases.length;
    console.log(`${String(data.cases.length).padStart(5)}  ${file}`);
  }
  console.log(`${String(total).padStart(5)}  cases in ${files.length} files`);
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('all files valid');
}

main();
