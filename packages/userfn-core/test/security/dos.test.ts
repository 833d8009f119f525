import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Io } from '../../src/node/cli/io.js';
import { main } from '../../src/node/cli/main.js';
import { check, Codes, format, parse, type CompileOptions, type Limits } from '../../src/index.js';
import { generate } from './support/battery.js';
import { compileAndRun, describeAttempt, runEverywhere, type Attempt } from './support/harness.js';
import { deepFreeze } from './support/values.js';

/*
 * Denial of service: inputs built to exhaust the stack, the CPU or memory.
 * Each must end in a value or a UserFnError (a `limit` error where a limit
 * applies) — never a RangeError, a hang or an out-of-memory. There are no
 * timed assertions: a hang shows as the test timeout (vitest.config.ts).
 */

const ANY: CompileOptions = { profile: 'any', now: '2026-11-21T12:00:00Z' };
/** Long enough for every source below, so the parser itself meets the nesting rather than the length check. */
const LONG_SOURCES: Partial<Limits> = { maxSourceLength: 20_000_000 };

function expectValue(a: Attempt<unknown>, value: unknown): void {
  expect('value' in a ? a.value : describeAttempt(a)).toEqual(value);
}

/** The outcome is an error of that kind (and code, when given). */
function expectError(a: Attempt<unknown>, kind: string, code?: string, label?: string): void {
  const got = 'error' in a ? (code === undefined ? { kind: a.error.kind } : { kind: a.error.kind, code: a.error.code }) : describeAttempt(a);
  expect(got, label).toEqual(code === undefined ? { kind } : { kind, code });
}

const deepObject = (size: number): unknown => generate({ at: '', shape: 'nested-objects', size });
const deepList = (size: number): unknown => generate({ at: '', shape: 'nested-arrays', size });

describe('catastrophic backtracking through matches', () => {
  const long = 'a'.repeat(50_000);
  // [pattern, text described, text, what a correct engine answers]: the classic exponential patterns of a backtracking engine.
  const cases: ReadonlyArray<[string, string, string, boolean]> = [
    ['(a+)+$', "50,000 a's and !", `${long}!`, false],
    ['(a+)+$', "50,000 a's", long, true],
    ['^(a|aa)+$', "50,000 a's and !", `${long}!`, false],
    ['(a|a)*b', "50,000 a's", long, false],
    ['^(a?){25}a{25}$', "25 a's", 'a'.repeat(25), true],
    ['^(.*a){20}$', "50,000 a's and !", `${long}!`, false],
    ['^(\\w+\\s?)*$', "16,000 'ab ' and !", `${'ab '.repeat(16_000)}!`, false],
    ['([a-zA-Z]+)*$', "50,000 a's and 1", `${long}1`, true],
    ['(x+x+)+y', "50,000 x's", 'x'.repeat(50_000), false],
  ];

  it.each(cases)('%s on %s, as a literal pattern', (pattern, _text, text, want) => {
    const r = compileAndRun(`matches(get('$.s'), '${pattern.replace(/'/g, "''")}')`, deepFreeze({ s: text }), ANY);
    expect(r.problems).toEqual([]);
    expectValue(r.outcome, want);
  });

  it.each(cases)('%s on %s, read from the context, with flags from the context', (pattern, _text, text, want) => {
    const r = compileAndRun("matches(get('$.s'), get('$.p'), get('$.f'))", deepFreeze({ s: text, p: pattern, f: 's' }), ANY);
    expect(r.problems).toEqual([]);
    expectValue(r.outcome, want);
  });

  it('on a 1 MB text', () => {
    const r = compileAndRun(
      "[matches(get('$.s'), '(a+)+$'), matches(get('$.s'), get('$.p'))]",
      deepFreeze({ s: `${'a'.repeat(999_999)}!`, p: '^(a|a)*$' }),
      ANY,
    );
    expect(r.problems).toEqual([]);
    expectValue(r.outcome, [false, false]);
  });

  it('through the JSONPath match() and search() filter functions', () => {
    const r = compileAndRun(
      "[length(get('$.l[?match(@, $.p)]')), length(get('$.l[?search(@, $.q)]'))]",
      deepFreeze({ l: [`${long}!`, long], p: '(a+)+', q: '(a|a)*!$' }),
      ANY,
    );
    expect(r.problems).toEqual([]);
    expectValue(r.outcome, [1, 1]);
  });

  it('rejects what only a backtracking engine does, and patterns too large to run', () => {
    for (const p of ['(a*)*\\1', '(?<=a)b', '(?=a)', '((a{1000}){1000}){1000}', `${'('.repeat(100_000)}a${')'.repeat(100_000)}`]) {
      const r = compileAndRun("matches('aaa', get('$.p'))", { p }, ANY);
      expect(r.problems, p.slice(0, 40)).toEqual([]);
      expectError(r.outcome, 'runtime', Codes.RuntimeInvalidRegex, p.slice(0, 40));
    }
  });
});

describe('nesting of 10,000 and 100,000 levels in every construct', () => {
  const constructs: ReadonlyArray<[string, (n: number) => string]> = [
    ['parentheses', (n) => `${'('.repeat(n)}1${')'.repeat(n)}`],
    ['lists', (n) => `${'['.repeat(n)}1${']'.repeat(n)}`],
    ['calls', (n) => `${'abs('.repeat(n)}1${')'.repeat(n)}`],
    ['variadic calls', (n) => `${'coalesce(null, '.repeat(n)}1${')'.repeat(n)}`],
    ['not chains', (n) => `${'not '.repeat(n)}true`],
    ['! chains', (n) => `${'!'.repeat(n)}true`],
    ['- chains', (n) => `${'-'.repeat(n)}1`],
    ['if-else chains', (n) => `${'if (true) 1 else '.repeat(n)}2`],
    ['if-then-else chains', (n) => `${'if true then 1 else '.repeat(n)}2`],
    ['if() calls', (n) => `${'if(true, 1, '.repeat(n)}2${')'.repeat(n)}`],
    ['ternary chains', (n) => `${'true ? 1 : '.repeat(n)}2`],
    ['ternaries in the condition', (n) => `${'('.repeat(n)}true${' ? true : false)'.repeat(n)}`],
    ['+ chains', (n) => Array.from({ length: n + 1 }, () => '1').join(' + ')],
    ['and chains', (n) => Array.from({ length: n + 1 }, () => 'true').join(' and ')],
    ['|| chains', (n) => Array.from({ length: n + 1 }, () => 'false').join(' || ')],
    ['parenthesised + chains', (n) => `${'(1 + '.repeat(n)}1${')'.repeat(n)}`],
    ['unclosed parentheses', (n) => '('.repeat(n)],
    ['unclosed calls', (n) => 'abs('.repeat(n)],
  ];
  const cases = constructs.flatMap(([name, make]) => [10_000, 100_000].map((n) => [name, n, make] as const));

  it.each(cases)('%s, %i levels: a limit error from compile and check', (_name, n, make) => {
    const source = make(n);
    const atDefaults = compileAndRun(source, {}, ANY);
    expect(atDefaults.problems).toEqual([]);
    expectError(atDefaults.outcome, 'limit');
    // With room for the whole source, the parser itself must stop the nesting.
    const parsed = compileAndRun(source, {}, { ...ANY, limits: LONG_SOURCES });
    expect(parsed.problems).toEqual([]);
    expectError(parsed.outcome, 'limit');
    expect([Codes.NestingTooDeep, Codes.TooManyNodes]).toContain('error' in parsed.outcome ? parsed.outcome.error.code : '');
    expect(format(source)).toBeNull();
    expect(parse(source).diagnostics.some((d) => d.code.startsWith('UF4'))).toBe(true);
  });

  // A host may raise maxDepth. The parser caps brackets and conditionals itself (PARSER_NESTING_CAP levels), but prefix
  // operators, binary chains and ternaries then reach the recursive checker, compiler and interpreter.
  // A limit error is still the only acceptable failure.
  const RAISED: Partial<Limits> = { maxDepth: 1_000_000, maxNodes: 10_000_000, maxSourceLength: 20_000_000 };
  const uncapped = constructs.filter(([name]) =>
    ['not chains', '! chains', '- chains', 'ternary chains', '+ chains', 'and chains', '|| chains'].includes(name),
  );
  it.each(uncapped)('%s of 2,000 to 10,000 levels, with maxDepth raised by the host: a value or a limit error, never a stack overflow', (_name, make) => {
    const failures: string[] = [];
    for (const n of [2_000, 4_000, 6_000, 10_000]) {
      const r = compileAndRun(make(n), {}, { ...ANY, limits: RAISED });
      const kind = 'error' in r.outcome ? r.outcome.error.kind : 'value';
      if (r.problems.length > 0 || !(kind === 'limit' || kind === 'value'))
        failures.push(`${n} levels: ${[describeAttempt(r.outcome), ...r.problems].join('; ')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('sources of 10 MB', () => {
  const M = 10_000_000;
  const fill = (unit: string, size = M): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const sources: ReadonlyArray<[string, () => string]> = [
    ['a string literal', () => `'${'x'.repeat(M - 2)}'`],
    ['a + chain', () => `1${fill(' + 1', M - 1)}`],
    ['junk characters', () => fill('@#')],
    ['a block comment', () => `1 /*${'x'.repeat(M - 6)}*/`],
    ['line comments', () => `1${fill('//c\n', M - 1)}`],
    ['white space', () => `1${' '.repeat(M - 1)}`],
    ['new lines', () => `1${'\n'.repeat(M - 1)}`],
    ['identifiers', () => fill('abc ')],
    ['double-quoted strings', () => fill('"a" ')],
    ['an unterminated string', () => `'${'x'.repeat(M - 1)}`],
    ['an unterminated comment', () => `/*${'x'.repeat(M - 2)}`],
    ['a long JSONPath', () => `get('$${fill('.a', M - 9)}')`],
    ['lone surrogates', () => `'${'\ud800'.repeat(M - 2)}'`],
  ];

  it.each(sources)('%s: a limit error, from every entry point', (_name, make) => {
    const source = make();
    const r = compileAndRun(source, {}, ANY);
    expect(r.problems).toEqual([]);
    expectError(r.outcome, 'limit', Codes.SourceTooLong);
    expect(check(source, ANY).diagnostics.map((d) => d.code)).toContain(Codes.SourceTooLong);
    expect(parse(source).diagnostics.map((d) => d.code)).toContain(Codes.SourceTooLong);
    expect(format(source)).toBeNull();
  });

  it.each(sources.filter(([name]) => /block comment|white|new lines|unterminated|literal|surrogate/.test(name)))(
    '%s, with maxSourceLength raised to 20 MB: a value or an error, no crash',
    (_name, make) => {
      const r = compileAndRun(make(), {}, { ...ANY, limits: LONG_SOURCES });
      expect(r.problems).toEqual([]);
    },
  );
});

describe('results that would be huge', () => {
  const MB = 'x'.repeat(1_000_000);

  it('doubling a 1 MB string from the context', () => {
    const r = runEverywhere("get('$.s') + get('$.s')", deepFreeze({ s: MB }), ANY);
    expect(r.problems).toEqual([]);
    expectError(r.outcome, 'limit', Codes.StringTooLong);
  });

  it('a balanced tree of 128 concatenations of a 10,000-character string', () => {
    let source = "get('$.s')";
    for (let i = 0; i < 7; i++) source = `(${source} + ${source})`;
    const r = compileAndRun(source, deepFreeze({ s: 'x'.repeat(10_000) }), ANY);
    expect(r.problems).toEqual([]);
    expectError(r.outcome, 'limit', Codes.StringTooLong);
  });

  it('to_string of a huge list', () => {
    const r = compileAndRun("to_string(get('$.l'))", deepFreeze({ l: Array.from({ length: 300_000 }, (_, i) => i) }), ANY);
    expect(r.problems).toEqual([]);
    expectError(r.outcome, 'limit', Codes.StringTooLong);
  });

  it('upper and lower of text that grows when its case changes', () => {
    // 'ß' upper-cases to 'SS' and 'İ' lower-cases to 'i̇': 600,000 characters give 1,200,000.
    for (const [expr, s] of [
      ["upper(get('$.s'))", 'ß'.repeat(600_000)],
      ["lower(get('$.s'))", 'İ'.repeat(600_000)],
    ] as const) {
      const r = compileAndRun(expr, deepFreeze({ s }), ANY);
      expect(r.problems, expr).toEqual([]);
      expectError(r.outcome, 'limit', Codes.StringTooLong, expr);
    }
  });

  it('JSONPath results over a huge array', () => {
    const l = deepFreeze(Array.from({ length: 200_000 }, (_, i) => i));
    for (const path of ['$..*', '$.l[*]', '$.l[0:200000]', '$.l[::-1]', '$.l[?@ >= 0]']) {
      const r = compileAndRun(`get('${path}')`, { l }, ANY);
      expect(r.problems, path).toEqual([]);
      expectError(r.outcome, 'limit', Codes.ListTooLong, path);
    }
  });

  it('JSONPath fan-out: repeated wildcards and nested descendants', () => {
    const stars = Array.from({ length: 200 }, () => '*').join(',');
    const fan = compileAndRun(`get('$[${stars}]')`, deepFreeze(Array.from({ length: 1000 }, (_, i) => i)), ANY);
    expect(fan.problems).toEqual([]);
    expectError(fan.outcome, 'limit', Codes.ListTooLong);
    const wide = deepFreeze({ w: Array.from({ length: 1000 }, () => Array.from({ length: 1000 }, (_, i) => i)) });
    const visits = compileAndRun("get('$..*')", wide, ANY);
    expect(visits.problems).toEqual([]);
    expectError(visits.outcome, 'limit', Codes.WorkLimit);
    const nested = compileAndRun("length(get('$..[?@..[?@..[?@..a]]]'))", deepFreeze({ x: deepObject(900) }), ANY);
    expect(nested.problems).toEqual([]);
    expectError(nested.outcome, 'limit', Codes.WorkLimit);
  });
});

describe('numeric overflow', () => {
  const cases: ReadonlyArray<[string, unknown, string]> = [
    ['1e308 * 10', {}, Codes.NonFinite],
    ['-1e308 - 1e308', {}, Codes.NonFinite],
    ['power(10, 400)', {}, Codes.NonFinite],
    ['exp(1000)', {}, Codes.NonFinite],
    ['power(0, -1)', {}, Codes.NonFinite],
    ["get('$.x') * get('$.x')", { x: 1e200 }, Codes.NonFinite],
    ["sum(get('$.l'))", { l: [1e308, 1e308] }, Codes.NonFinite],
    ["avg(get('$.l'))", { l: [1e308, 1e308] }, Codes.NonFinite],
    ['degrees(1e308)', {}, Codes.NonFinite],
    ['days(1e308)', {}, Codes.NonFinite],
    ['now() + days(1e12)', {}, Codes.NonFinite],
    ['days(1e300) * 1e300', {}, Codes.NonFinite],
    ["to_number('1e400')", {}, Codes.InvalidNumberString],
    ["to_number(get('$.s'))", { s: `1${'0'.repeat(400)}` }, Codes.InvalidNumberString],
    ['1e309', {}, Codes.NumberOverflow],
  ];
  it.each(cases)('%s', (source, context, code) => {
    const r = runEverywhere(source, deepFreeze(context), ANY);
    expect(r.problems).toEqual([]);
    expect('error' in r.outcome ? r.outcome.error.code : describeAttempt(r.outcome)).toBe(code);
  });
});

describe('contexts 100,000 levels deep', () => {
  const x = deepFreeze(deepObject(100_000));
  const y = deepFreeze(deepObject(100_000));
  const l = deepFreeze(deepList(100_000));

  it.each([
    ["get('$..a')", Codes.ContextTooDeep],
    ["get('$..*')", Codes.ContextTooDeep],
    ["has('$..b')", Codes.ContextTooDeep],
    ["get('$.x') == get('$.y')", Codes.ContextTooDeep],
    ["get('$.l') == get('$.m')", Codes.ContextTooDeep],
    ["get('$.x') in [get('$.y')]", Codes.ContextTooDeep],
    ["to_string(get('$.x'))", Codes.ContextTooDeep],
    ["to_string([get('$.l')])", Codes.ContextTooDeep],
    ["json_get(get('$.x'), '$..a')", Codes.ContextTooDeep],
    ["get('$.x[?@.a == $.y]')", Codes.ContextTooDeep],
  ])('%s: a limit error', (source, code) => {
    const r = runEverywhere(source, { x, y, l, m: deepList(100_000) }, ANY);
    expect(r.problems).toEqual([]);
    expectError(r.outcome, 'limit', code);
  });

  it('reads the top of the value without walking it', () => {
    const r = runEverywhere("[length(get('$.x')), has('$.x.a.a.a'), json_get(get('$.x'), '$.a.a') != null, coalesce(get('$.l')) != null]", { x, l }, ANY);
    expect(r.problems).toEqual([]);
    expectValue(r.outcome, [1, true, true, true]);
  });

  const text = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('parse_json and json_get of JSON text nested 900 levels deep give values', () => {
    const r = compileAndRun(
      "[length(parse_json(get('$.t'))), length(json_get(get('$.t'), '$[0][0]')), parse_json(get('$.t')) == parse_json(get('$.t'))]",
      { t: text(900) },
      ANY,
    );
    expect(r.problems).toEqual([]);
    expectValue(r.outcome, [1, 1, true]);
  });

  it.each([100_000, 499_999])('parse_json and json_get of JSON text nested %i levels deep: a limit error, as limits.ts documents', (depth) => {
    // limits.ts: maxContextDepth is the "deepest context value a traversal (equality, .., to_string, parse_json) will walk".
    // A parsed value deeper than that would reach the host, whose own JSON.stringify overflows on it.
    const t = text(depth);
    for (const source of [
      "parse_json(get('$.t'))",
      "json_get(get('$.t'), '$[0][0]')",
      "parse_json(get('$.t')) == parse_json(get('$.t'))",
      "to_string(parse_json(get('$.t')))",
      "json_get(get('$.t'), '$..*')",
    ]) {
      const r = compileAndRun(source, { t }, ANY);
      expect(r.problems, source).toEqual([]);
      expectError(r.outcome, 'limit', Codes.ContextTooDeep, source);
    }
  });

  it('parse_json of text nested 1,500,000 levels deep (where JSON.parse itself may give up) is a value or a UserFnError', () => {
    const r = compileAndRun("parse_json(get('$.t')) != null", { t: text(1_500_000) }, { ...ANY, limits: { maxStringLength: 4_000_000 } });
    expect(r.problems).toEqual([]);
  });
});

describe('the CLI on hostile input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userfn-dos-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdoutIsTTY: false, stderrIsTTY: false };
    const code = await main(argv, io);
    return { code, out, err };
  }

  it('userfn eval of a context 100,000 levels deep prints the result, or fails with a UserFn error', async () => {
    const file = join(dir, 'deep.json');
    writeFileSync(file, `{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    for (const extra of [[], ['--json'], ['--explain']]) {
      const run = await runCli(['eval', "get('$.x')", '--profile', 'any', '--context', file, ...extra]);
      expect(
        { exitCode: [0, 1].includes(run.code) ? '0 or 1' : run.code, internal: run.err.includes('internal error') },
        `${extra.join(' ')}: ${run.err.slice(0, 300)}`,
      ).toEqual({
        exitCode: '0 or 1',
        internal: false,
      });
    }
  });

  it('trim of a string with a long inner run of white space finishes (the built CLI, in a child process)', async () => {
    // A quadratic trim runs for minutes on this input (600,000 characters; a linear one takes milliseconds). In a
    // child process the test timeout ends the test, and the child is killed with it: nothing is left running.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: { userfn: string } };
    const bin = fileURLToPath(new URL(`../../${pkg.bin.userfn}`, import.meta.url));
    expect(existsSync(bin), `build first: ${bin}`).toBe(true);
    const file = join(dir, 'spaces.json');
    writeFileSync(file, JSON.stringify({ s: `x${' '.repeat(599_998)}x` }));
    const child = spawn(process.execPath, [bin, 'eval', "length(trim(get('$.s')))", '--profile', 'any', '--context', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stop = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    process.once('exit', stop);
    onTestFinished(() => {
      stop();
      process.off('exit', stop);
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, out }).toEqual({ code: 0, out: '600000\n' });
  });
});
