import fc from 'fast-check';
import {
  BUILTINS,
  check,
  Codes,
  compile,
  Datetime,
  Duration,
  format,
  parse,
  PROFILE_NAMES,
  tokenize,
  type Diagnostic,
  type Limits,
  type ProfileName,
} from '../../src/index.js';
import { contextArb, sourceArb } from '../support/arbitraries.js';
import { loadConformance } from '../support/conformance.js';
import { installCanaries } from './support/canaries.js';
import { agree, attempt, describeAttempt, runEverywhere, type Attempt } from './support/harness.js';
import { deepCopy, deepFreeze, sameValue } from './support/values.js';

/*
 * Fuzzing with fast-check: random and mutated sources (the conformance
 * suite's expressions with characters and tokens deleted, inserted,
 * duplicated, swapped), random JSON contexts with hostile keys, and the
 * properties every one of them must keep — for the parser, the checker, both
 * evaluators and the formatter. fuzz.test.ts runs them with a fixed seed and
 * few runs; `npm run fuzz` runs them with a fresh (or given) seed and many.
 */

// ---- settings ----

/** Seed and scale of a run: fixed and small in the test suite, chosen by `npm run fuzz` (vitest --mode fuzz). */
export interface FuzzSettings {
  readonly seed: number;
  /** Multiplies every property's base number of runs. */
  readonly scale: number;
  readonly deep: boolean;
}

/** The suite's fixed seed. */
export const SUITE_SEED = 20261122;

/** Reads USERFN_FUZZ_SEED and USERFN_FUZZ_SCALE; a deep run (`--mode fuzz`) defaults to a random seed and scale 50. */
export function fuzzSettings(mode: string | undefined): FuzzSettings {
  const deep = mode === 'fuzz';
  const env = (name: string): number | undefined => {
    const v = process.env[name];
    return v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  };
  const seed = env('USERFN_FUZZ_SEED') ?? (deep ? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0 : SUITE_SEED);
  const scale = env('USERFN_FUZZ_SCALE') ?? (deep ? 50 : 1);
  return { seed, scale, deep };
}

// ---- sources ----

/** One expression of the conformance suite with the context and profile it was written for. */
export interface Seed {
  readonly expr: string;
  readonly context: unknown;
  readonly profile: ProfileName;
}

/** Every conformance expression, as mutation seeds. */
export function conformanceSeeds(): Seed[] {
  return loadConformance().flatMap((f) => f.cases.map((c) => ({ expr: c.expr, context: c.context ?? {}, profile: c.profile ?? 'any' })));
}

/** A rough tokenizer for mutation: strings, comments, numbers, words, two-character operators, single characters. */
const TOKEN = /'(?:[^']|'')*'?|"[^"]*"?|\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+|[A-Za-z_]\w*|&&|\|\||==|!=|<>|<=|>=|\s+|[\s\S]/g;

export function roughTokens(source: string): string[] {
  return source.match(TOKEN) ?? [];
}

/** Characters worth inserting: every delimiter and operator, escapes, lone surrogates, odd white space. */
const CHARS = [...`'"()[],$@?:.*/\\\n !=<>-+%&|#;{}\`~^09e_`, '\u0000', '\ud800', '\udc00', '😀', '\u2028', '\u00a0', '\u0085', 'ß', 'İ'];

/** Tokens worth inserting: keywords, operators, builtins, hostile paths and literals. */
export const TOKENS: readonly string[] = [
  'true',
  'false',
  'null',
  'if',
  'then',
  'else',
  'and',
  'or',
  'not',
  'in',
  'IF',
  'Not',
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  '!',
  '?',
  ':',
  '=',
  '===',
  '(',
  ')',
  '[',
  ']',
  ',',
  '0',
  '1',
  '-0',
  '.5',
  '1e3',
  '1e309',
  '5e-324',
  '9007199254740993',
  "'x'",
  "''''",
  "''",
  "'\\d+'",
  '"dq"',
  '/* c */',
  '// c\n',
  '/*',
  '*/',
  ...[...BUILTINS.keys()].map((n) => `${n}(`),
  "get('$')",
  "get('$..*')",
  "get('$.a')",
  "get('$.__proto__')",
  "get('$[''constructor'']')",
  "get('$[?@.a]')",
  "get('$.l[-1]')",
  "'$.a'",
  "'$..x'",
  "'$[?@ == 1]'",
  "'$[(@.length-1)]'",
  "'(a+)+$'",
  "'(?i)x'",
  "'['",
  '__proto__',
  'constructor',
  'prototype',
  'this',
  'x.y',
  '.a',
  '[0]',
  "['a']",
];

/** Same-class replacements, which mostly keep a source valid: the mutation that reaches the evaluators. */
const LIKE: ReadonlyArray<readonly string[]> = [
  ['0', '1', '-1', '2', '0.5', '.5', '1e3', '100', '1e308', '5e-324', '-0', '9007199254740993'],
  [
    "''",
    "'x'",
    "'a b'",
    "'$.a'",
    "'$..*'",
    "'$[?@.a]'",
    "'(a+)+$'",
    "'__proto__'",
    "'constructor'",
    "'2026-01-01'",
    '\'{"a": 1}\'',
    "'['",
    "'it''s'",
    "'\\d+'",
  ],
  ['+', '-', '*', '/', '%'],
  ['==', '!=', '<', '<=', '>', '>=', 'in'],
  ['and', 'or', '&&', '||'],
  ['true', 'false', 'null'],
  [...BUILTINS.keys()],
];

const MUTATIONS = [
  'delete-char',
  'insert-char',
  'duplicate-char',
  'replace-char',
  'delete-token',
  'insert-token',
  'duplicate-token',
  'swap-tokens',
  'replace-token',
  'truncate',
  'replace-alike',
] as const;

interface Mutation {
  readonly kind: (typeof MUTATIONS)[number];
  readonly at: number;
  readonly pick: number;
}

/** Applies one mutation; positions wrap around, so any numbers make a valid mutation. */
export function mutate(source: string, m: Mutation): string {
  const chars = [...source];
  const toks = roughTokens(source);
  const ci = chars.length === 0 ? 0 : m.at % (chars.length + 1);
  const ti = toks.length === 0 ? 0 : m.at % toks.length;
  const char = CHARS[m.pick % CHARS.length]!;
  const token = TOKENS[m.pick % TOKENS.length]!;
  switch (m.kind) {
    case 'delete-char':
      return [...chars.slice(0, ci), ...chars.slice(ci + 1)].join('');
    case 'insert-char':
      return [...chars.slice(0, ci), char, ...chars.slice(ci)].join('');
    case 'duplicate-char':
      return [...chars.slice(0, ci + 1), ...chars.slice(ci, ci + 1), ...chars.slice(ci + 1)].join('');
    case 'replace-char':
      return [...chars.slice(0, ci), char, ...chars.slice(ci + 1)].join('');
    case 'delete-token':
      return [...toks.slice(0, ti), ...toks.slice(ti + 1)].join('');
    case 'insert-token':
      return [...toks.slice(0, ti), token, ...toks.slice(ti)].join('');
    case 'duplicate-token':
      return [...toks.slice(0, ti + 1), ...toks.slice(ti, ti + 1), ...toks.slice(ti + 1)].join('');
    case 'swap-tokens': {
      const tj = toks.length === 0 ? 0 : m.pick % toks.length;
      const out = [...toks];
      [out[ti], out[tj]] = [out[tj]!, out[ti]!];
      return out.join('');
    }
    case 'replace-token':
      return [...toks.slice(0, ti), token, ...toks.slice(ti + 1)].join('');
    case 'truncate':
      return chars.slice(0, ci).join('');
    case 'replace-alike': {
      // The at-th token (counting round) that has a class; replaced by another of its class.
      const classed = toks.map((t, i) => [i, LIKE.find((c) => c.includes(t))] as const).filter(([, c]) => c !== undefined);
      if (classed.length === 0) return source;
      const [i, cls] = classed[m.at % classed.length]!;
      const out = [...toks];
      out[i] = cls![m.pick % cls!.length]!;
      return out.join('');
    }
  }
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({ kind: fc.constantFrom(...MUTATIONS), at: fc.nat(), pick: fc.nat() });

const alikeArb: fc.Arbitrary<Mutation> = fc.record({ kind: fc.constant('replace-alike' as const), at: fc.nat(), pick: fc.nat() });

/** A seed with one to five mutations of any kind applied, keeping the seed's context and profile: mostly invalid sources. */
export function mutatedSeedArb(seeds: readonly Seed[]): fc.Arbitrary<Seed> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(mutationArb, { minLength: 1, maxLength: 5 }))
    .map(([seed, ms]) => ({ ...seed, expr: ms.reduce(mutate, seed.expr) }));
}

/** A seed with one to three literals, operators or function names replaced by others of their kind: mostly valid sources. */
export function gentlyMutatedSeedArb(seeds: readonly Seed[]): fc.Arbitrary<Seed> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(alikeArb, { minLength: 1, maxLength: 3 }))
    .map(([seed, ms]) => ({ ...seed, expr: ms.reduce(mutate, seed.expr) }));
}

/** Random sources: token soup, random text (any code points), and the typed grammar of the property tests. */
export const randomSourceArb: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }).chain((ts) => fc.constantFrom(ts.join(' '), ts.join(''))),
  fc.string({ maxLength: 60, unit: fc.constantFrom(...CHARS, ...'abcgetx$') }),
  fc.string({ maxLength: 40, unit: 'binary' }),
  sourceArb,
);

// ---- contexts ----

/** Member names an attacker would pick, and ones the sources read. */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'length',
  '0',
  '',
  'a',
  'b',
  'x',
  's',
  'n',
  'l',
  'list',
  'obj',
  'output',
  'tools',
  'tool_calls',
  'name',
  'score',
  'outputs',
  'latest',
];

/** Strings that mean something to the builtins: paths, patterns, JSON text, datetimes, numbers. */
const MEANINGFUL_STRINGS = [
  '$.a',
  '$..*',
  '$[?@.a]',
  '$[',
  '(a+)+$',
  '(?i)A',
  '[',
  '{"__proto__": {"x": 1}}',
  '[[[[1]]]]',
  '{',
  '2026-11-21T10:00:00Z',
  '2024-02-30',
  '42',
  ' 1e3 ',
  'NaN',
  'Infinity',
  'search',
  'constructor',
];

/** Random JSON with hostile keys. Objects are built with Object.fromEntries, so `__proto__` is an own member as after JSON.parse. */
export const hostileJsonArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -10, max: 10 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 0.1),
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...MEANINGFUL_STRINGS),
    fc.array(tie('value'), { maxLength: 5 }),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 3 })), tie('value')), { maxLength: 5 })
      .map((entries) => Object.fromEntries(entries)),
  ),
})).value;

/** A context for a source: the one its seed was written for, a random hostile one, or one shaped like the grammar's reads. */
export function contextFor(seed: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constant(seed), hostileJsonArb, contextArb as fc.Arbitrary<unknown>);
}

/**
 * Sources with contexts for the evaluators and the formatter: mostly valid
 * ones (gently mutated conformance expressions, the typed grammar), so that
 * most runs get past the parser, and some invalid ones.
 */
export function evaluationArb(seeds: readonly Seed[]): fc.Arbitrary<Seed> {
  return fc
    .oneof(
      { arbitrary: gentlyMutatedSeedArb(seeds), weight: 4 },
      { arbitrary: fc.record({ expr: sourceArb, context: contextArb as fc.Arbitrary<unknown>, profile: fc.constant('any' as const) }), weight: 3 },
      { arbitrary: mutatedSeedArb(seeds), weight: 2 },
      { arbitrary: fc.record({ expr: randomSourceArb, context: hostileJsonArb, profile: fc.constant('any' as const) }), weight: 1 },
    )
    .chain((s) => contextFor(s.context).map((context) => ({ ...s, context })));
}

/** Small limits a host might set, so that every limit is reached by ordinary sources, in both evaluators. */
export const limitsArb: fc.Arbitrary<Partial<Limits> | undefined> = fc.option(
  fc.record(
    {
      maxSourceLength: fc.integer({ min: 1, max: 200 }),
      maxDepth: fc.integer({ min: 1, max: 30 }),
      maxNodes: fc.integer({ min: 1, max: 100 }),
      maxStringLength: fc.integer({ min: 0, max: 40 }),
      maxListLength: fc.integer({ min: 0, max: 8 }),
      maxContextDepth: fc.integer({ min: 0, max: 6 }),
      maxVisits: fc.integer({ min: 0, max: 60 }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined, freq: 3 },
);

/** Arguments for a builtin: dynamic reads of the context (so the builtin meets every type at run time) or literals. */
const argArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom("get('$.a')", "get('$.b')", "get('$.c')", "get('$.l')", "get('$.o')"), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      ...LIKE[0]!,
      ...LIKE[1]!,
      ...LIKE[5]!,
      '[1, 2]',
      "['a', 'b']",
      '[]',
      'now()',
      'days(1)',
      "iso_datetime_parse('2024-02-29T12:00:00Z')",
    ),
    weight: 1,
  },
);

/** Every (builtin, argument count) its overloads accept: a variadic tail adds zero to two arguments. */
const CALL_SHAPES: ReadonlyArray<readonly [string, number]> = [...BUILTINS.values()].flatMap((d) =>
  [...new Set(d.overloads.flatMap((o) => (o.rest ? [0, 1, 2].map((k) => o.params.length + k) : [o.params.length])))].map((n) => [d.name, n] as const),
);

/** A call of any builtin with an argument count it accepts, compared with null so that every profile accepts it. */
export const builtinCallArb: fc.Arbitrary<string> = fc
  .constantFrom(...CALL_SHAPES)
  .chain(([name, n]) => fc.array(argArb, { minLength: n, maxLength: n }).map((args) => `${name}(${args.join(', ')}) == null`));

/** A context for builtin calls: members a, b, c, l, o holding values that mean something to some builtin. */
export const builtinContextArb: fc.Arbitrary<unknown> = fc.record(
  {
    a: fc.oneof(hostileJsonArb, fc.constantFrom(...MEANINGFUL_STRINGS)),
    b: fc.oneof(hostileJsonArb, fc.constantFrom(...MEANINGFUL_STRINGS, 'yyyy-MM-dd', "yyyy-MM-dd'T'HH:mm:ssXXX", 'EEE, dd MMM yyyy', 'hh a', 'i', 'ims', 'x')),
    c: hostileJsonArb,
    l: fc.array(fc.oneof(fc.integer(), fc.constantFrom(...MEANINGFUL_STRINGS), fc.constant(null)), { maxLength: 5 }),
    o: hostileJsonArb,
    tool_calls: fc.array(fc.record({ name: fc.constantFrom('a', 'b', '__proto__', 'constructor') }), { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

// ---- properties ----

const CODES = new Set<string>(Object.values(Codes));

/** Problems with diagnostics: an unknown code, a span outside the source, a wrong severity, an internal error. */
export function diagnosticProblems(source: string, diagnostics: readonly Diagnostic[]): string[] {
  const out: string[] = [];
  for (const d of diagnostics) {
    if (!CODES.has(d.code)) out.push(`unknown code ${d.code}`);
    if (!(d.span.start >= 0 && d.span.start <= d.span.end && d.span.end <= source.length))
      out.push(`${d.code} span ${d.span.start}-${d.span.end} is outside 0-${source.length}`);
    if (d.severity !== 'error' && d.severity !== 'warning') out.push(`${d.code} severity ${String(d.severity)}`);
    if (d.severity === 'warning' && !d.code.startsWith('UF21')) out.push(`${d.code} is a warning but not a warning code`);
    if (/internal/i.test(d.message)) out.push(`${d.code} reports an internal error: ${d.message}`);
  }
  return out;
}

/** The parser and lexer: never throw; every diagnostic well-formed; a tree whenever there is no error. */
export function parserHolds(source: string): void {
  const tokens = attempt(() => tokenize(source));
  if (!('value' in tokens)) throw new Error(`tokenize ${describeAttempt(tokens)}`);
  for (const t of tokens.value)
    if (!(t.span.start >= 0 && t.span.start <= t.span.end && t.span.end <= source.length))
      throw new Error(`token span ${t.span.start}-${t.span.end} is outside the source`);
  const parsed = attempt(() => parse(source));
  if (!('value' in parsed)) throw new Error(`parse ${describeAttempt(parsed)}`);
  const problems = diagnosticProblems(source, parsed.value.diagnostics);
  if (problems.length > 0) throw new Error(`parse: ${problems.join('; ')}`);
  if (parsed.value.ast === null && !parsed.value.diagnostics.some((d) => d.severity === 'error')) throw new Error('parse gave no tree and no error');
}

/** The checker, in every profile: never throws; well-formed diagnostics; agrees with compile about errors. */
export function checkerHolds(source: string): void {
  for (const profile of PROFILE_NAMES) {
    const checked = attempt(() => check(source, { profile }));
    if (!('value' in checked)) throw new Error(`check (${profile}) ${describeAttempt(checked)}`);
    const problems = diagnosticProblems(source, checked.value.diagnostics);
    if (problems.length > 0) throw new Error(`check (${profile}): ${problems.join('; ')}`);
    const compiled = attempt(() => compile(source, { profile }));
    const hasError = checked.value.diagnostics.some((d) => d.severity === 'error');
    if ('thrown' in compiled) throw new Error(`compile (${profile}) ${describeAttempt(compiled)}`);
    if ('error' in compiled !== hasError) throw new Error(`compile (${profile}) ${describeAttempt(compiled)} but check found ${hasError ? 'errors' : 'none'}`);
    if ('value' in compiled && compiled.value.type !== checked.value.type)
      throw new Error(`compile (${profile}) typed ${compiled.value.type}, check ${checked.value.type}`);
  }
}

/** A result is a UserFn value: null, a boolean, a finite number, a string, a datetime, a duration, or a list or object of those. */
export function isUserFnValue(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x === 'boolean' || typeof x === 'string' || x instanceof Datetime || x instanceof Duration) continue;
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) return false;
      continue;
    }
    if (typeof x !== 'object') return false;
    for (const k of Object.keys(x)) stack.push((x as Record<string, unknown>)[k]);
  }
  return true;
}

/**
 * Both evaluators and every entry point on one source and context (runEverywhere),
 * with canaries armed: agreement, only UserFnError, a UserFn value as result,
 * no code run, the context unchanged.
 */
export function evaluatorsHold(source: string, context: unknown, profile: ProfileName, limits?: Partial<Limits>): void {
  const frozen = deepFreeze(deepCopy(context));
  const snapshot = deepCopy(frozen);
  const canaries = installCanaries();
  let report: ReturnType<typeof runEverywhere>;
  let hits: string[];
  try {
    canaries.arm();
    report = runEverywhere(source, frozen, { profile, now: '2026-11-21T12:00:00Z', ...(limits ? { limits } : {}) });
  } finally {
    hits = canaries.remove();
  }
  const problems = [...report.problems, ...hits];
  if ('value' in report.outcome && !isUserFnValue(report.outcome.value)) problems.push(`the result is not a UserFn value: ${describeAttempt(report.outcome)}`);
  if (!sameValue(frozen, snapshot)) problems.push('the context was mutated');
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** What compiling and evaluating a source gives, for comparing a source with its formatted text. */
function meaning(source: string, context: unknown, profile: ProfileName): Attempt<unknown> {
  const compiled = attempt(() => compile(source, { profile, now: '2026-11-21T12:00:00Z' }));
  if (!('value' in compiled)) return compiled;
  const c = compiled.value;
  return attempt(() => c.evaluate(context));
}

/**
 * The formatter: format() never throws, gives null exactly when the source
 * has errors, is idempotent, prints a source without errors, and keeps the
 * meaning: the same static type and the same value (or error code) on a context.
 */
export function formatterHolds(source: string, context: unknown, profile: ProfileName): void {
  const f = attempt(() => format(source));
  if (!('value' in f)) throw new Error(`format ${describeAttempt(f)}`);
  const parsedHasErrors = parse(source).diagnostics.some((d) => d.severity === 'error');
  const text = f.value;
  if ((text === null) !== parsedHasErrors)
    throw new Error(`format gave ${text === null ? 'null' : 'text'} for a source ${parsedHasErrors ? 'with' : 'without'} syntax errors`);
  if (text === null) return;
  const again = format(text);
  if (again !== text) throw new Error(`format is not idempotent: ${JSON.stringify(text)} then ${JSON.stringify(again)}`);
  const reparsed = parse(text).diagnostics.filter((d) => d.severity === 'error');
  if (reparsed.length > 0) throw new Error(`format printed a source with errors: ${JSON.stringify(text)}: ${reparsed.map((d) => d.code).join(', ')}`);
  const typeBefore = check(source, { profile }).type;
  const typeAfter = check(text, { profile }).type;
  if (typeBefore !== typeAfter) throw new Error(`format changed the type from ${typeBefore} to ${typeAfter}: ${JSON.stringify(text)}`);
  const before = meaning(source, context, profile);
  const after = meaning(text, context, profile);
  if (!agree(before, after))
    throw new Error(`format changed the meaning: ${describeAttempt(before)} became ${describeAttempt(after)} for ${JSON.stringify(text)}`);
}

// ---- JSON Lines for `userfn verify` ----

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

const LONG_SESSION_LINE = utf8(JSON.stringify({ session: { key: 'long' }, output: { confidence: 0.9, text: 'x'.repeat(1_100_000) } }));
const LONG_JUNK_LINE = utf8('{'.repeat(1_100_000));

/** One input line (without its newline): sessions, hostile objects, other JSON, junk, broken UTF-8, blank lines. */
export const jsonlLineArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc
    .record({
      key: fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null)),
      confidence: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(null), fc.string({ maxLength: 3 })),
      tools: fc.array(fc.constantFrom('search', 'delete', '__proto__', 'constructor', 'toString'), { maxLength: 4 }),
    })
    .map(({ key, confidence, tools }) => utf8(JSON.stringify({ session: { key }, output: { confidence }, tool_calls: tools.map((name) => ({ name })) }))),
  hostileJsonArb.map((v) => utf8(JSON.stringify(v) ?? 'null')),
  fc.string({ maxLength: 30, unit: 'binary' }).map((s) => utf8(s.replace(/\n/g, ' '))),
  fc
    .constantFrom(
      '',
      ' ',
      '\t',
      '\r',
      '{}\r',
      '{',
      '}',
      '[1,',
      '{"a":',
      'null',
      '"s"',
      '1e999',
      '{"__proto__":{"polluted":true}}',
      '{"a":1}{"b":2}',
      '\ufeff{}',
    )
    .map(utf8),
  fc.uint8Array({ maxLength: 20 }).map((b) => b.map((x) => (x === 0x0a ? 0x20 : x))),
  fc.constantFrom(Uint8Array.of(0xff, 0xfe), Uint8Array.of(0x7b, 0xe2, 0x82, 0x7d), Uint8Array.of(0x7b, 0x00, 0x7d), Uint8Array.of(0xc3)),
  // Lines longer than a 1 MiB chunk: a session with a long output, and junk.
  fc.constantFrom(LONG_SESSION_LINE, LONG_JUNK_LINE),
);

/** A whole input: lines joined by newlines (sometimes ending with one), sometimes cut at a random byte. */
export const jsonlInputArb: fc.Arbitrary<Uint8Array> = fc
  .record({ lines: fc.array(jsonlLineArb, { maxLength: 25 }), finalNewline: fc.boolean(), cut: fc.option(fc.nat(), { nil: undefined }) })
  .map(({ lines, finalNewline, cut }) => {
    const newline = Uint8Array.of(0x0a);
    const bytes = Buffer.concat(lines.flatMap((l, i) => (i < lines.length - 1 || finalNewline ? [l, newline] : [l])));
    return cut === undefined || bytes.length === 0 ? bytes : bytes.slice(0, cut % (bytes.length + 1));
  });

/** How many lines `userfn verify` must answer: one per newline, plus a last line the input did not end. */
export function inputLineCount(bytes: Uint8Array): number {
  // A BOM at the start marks the encoding, it is not content: a file of a BOM alone is empty, as
  // `userfn verify` reads it (verify-stream.test.ts); the fuzzer found the two disagreeing.
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  let n = 0;
  for (const b of body) if (b === 0x0a) n++;
  return body.length > 0 && body[body.length - 1] !== 0x0a ? n + 1 : n;
}

/**
 * Problems with `userfn verify`'s output for an input of `expected` lines;
 * empty when it is exactly one JSON line per input line, in order: for
 * sessions each says its "line"; for nemo-gym each is the rollout with a
 * numeric "reward", or an input error naming its line.
 */
export function verifyOutputProblems(format: 'sessions' | 'nemo-gym', expected: number, code: number | null, out: string, err: string): string[] {
  const problems: string[] = [];
  if (code !== 0 && code !== 1) problems.push(`exit code ${String(code)}`);
  if (/internal error/i.test(err)) problems.push(`internal error: ${err.slice(0, 300)}`);
  if (expected > 0 && !out.endsWith('\n')) problems.push('the output does not end with a newline');
  const lines = out === '' ? [] : out.replace(/\n$/, '').split('\n');
  if (lines.length !== expected) problems.push(`${lines.length} output lines for ${expected} input lines`);
  lines.forEach((line, i) => {
    let o: { line?: unknown; error?: unknown; reward?: unknown };
    try {
      o = JSON.parse(line) as typeof o;
    } catch {
      problems.push(`output line ${i + 1} is not JSON: ${line.slice(0, 100)}`);
      return;
    }
    const numbered = o !== null && typeof o === 'object' && o.line === i + 1;
    const rewarded = format === 'nemo-gym' && o !== null && typeof o === 'object' && typeof o.reward === 'number' && o.error === undefined;
    if (!numbered && !rewarded) problems.push(`output line ${i + 1} is neither numbered ${i + 1} nor a rewarded rollout: ${line.slice(0, 100)}`);
  });
  return problems;
}
