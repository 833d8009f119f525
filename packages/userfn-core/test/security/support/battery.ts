import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Limits } from '../../../src/common/limits.js';
import type { ProfileName } from '../../../src/common/profiles/profiles.js';
import { validateJson } from '../../../../../test/support/json-schema-lite.mjs';

/** The folder of the security battery (repo root /test/security). */
export const BATTERY_DIR = fileURLToPath(new URL('../../../../../test/security/', import.meta.url));

export const SCHEMA_FILE = 'case.schema.json';

/** A value too large to write out, built by the runner (see case.schema.json, $defs/generated). */
export interface Generated {
  readonly at: string;
  readonly shape: 'nested-objects' | 'nested-arrays' | 'array' | 'object' | 'string' | 'text';
  readonly size: number;
  readonly key?: string;
  readonly leaf?: unknown;
  readonly unit?: string;
  readonly open?: string;
  readonly close?: string;
  readonly suffix?: string;
}

/** One case of the battery (the format of test/security/case.schema.json). */
export interface SecurityCase {
  readonly name: string;
  readonly attack: string;
  readonly expr: string;
  readonly profile?: ProfileName;
  readonly context?: unknown;
  readonly generate?: readonly Generated[];
  readonly limits?: Partial<Limits>;
  readonly expect?: { readonly value: unknown } | { readonly error: { readonly kind: string; readonly code?: string } };
}

export interface BatteryFile {
  readonly file: string;
  readonly source: string;
  readonly cases: readonly SecurityCase[];
}

/** What loading found: the files that parsed and matched the schema, and every problem with the others. */
export interface Battery {
  readonly files: readonly BatteryFile[];
  readonly problems: readonly string[];
}

/** Reads and validates every case file. Problems are collected, not thrown, so a test can list them all. */
export function loadBattery(dir = BATTERY_DIR): Battery {
  const problems: string[] = [];
  const schema = JSON.parse(readFileSync(dir + SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  const files: BatteryFile[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== SCHEMA_FILE)
    .sort()) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(dir + file, 'utf8'));
    } catch (e) {
      problems.push(`${file}: invalid JSON: ${(e as Error).message}`);
      continue;
    }
    const errors = validateJson(schema, data);
    if (errors.length > 0) {
      problems.push(...errors.map((m) => `${file}: ${m}`));
      continue;
    }
    const d = data as { source: string; cases: SecurityCase[] };
    files.push({ file, source: d.source, cases: d.cases });
  }
  if (files.length + problems.length === 0) problems.push(`no case files in ${dir}`);
  return { files, problems };
}

/** Sets an own data property, even for `__proto__` (plain assignment would set the prototype). */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A fresh copy of a JSON leaf (objects/arrays are copied so that no two places share one). */
function copyLeaf(leaf: unknown): unknown {
  return leaf === undefined ? 1 : typeof leaf === 'object' && leaf !== null ? structuredClone(leaf) : leaf;
}

/** Builds one generated value, without recursion whatever its depth. */
export function generate(g: Generated): unknown {
  switch (g.shape) {
    case 'nested-objects': {
      let v = copyLeaf(g.leaf);
      for (let i = 0; i < g.size; i++) {
        const o = {};
        defineOwn(o, g.key ?? 'a', v);
        v = o;
      }
      return v;
    }
    case 'nested-arrays': {
      let v = copyLeaf(g.leaf);
      for (let i = 0; i < g.size; i++) v = [v];
      return v;
    }
    case 'array':
      return Array.from({ length: g.size }, () => copyLeaf(g.leaf));
    case 'object': {
      const o = {};
      for (let i = 0; i < g.size; i++) defineOwn(o, `k${i}`, copyLeaf(g.leaf));
      return o;
    }
    case 'string': {
      const unit = g.unit ?? 'a';
      return unit.repeat(Math.ceil(g.size / unit.length)).slice(0, g.size) + (g.suffix ?? '');
    }
    case 'text':
      return (g.open ?? '[').repeat(g.size) + (g.unit ?? '') + (g.close ?? ']').repeat(g.size);
  }
}

/** The case's context: its JSON `context` (default {}) with each generated value set as an own member. */
export function materialize(c: SecurityCase): unknown {
  const base = c.context === undefined ? {} : structuredClone(c.context);
  if (!c.generate) return base;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) throw new Error(`${c.name}: "generate" needs an object context`);
  for (const g of c.generate) defineOwn(base, g.at, generate(g));
  return base;
}
