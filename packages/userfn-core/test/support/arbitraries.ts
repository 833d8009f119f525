import fc from 'fast-check';

/**
 * Random UserFn sources that are mostly well typed, built from a small typed
 * grammar: number, string, boolean and datetime expressions, with dynamic
 * reads of a random context mixed in (so runtime type errors and nulls occur).
 */
const KEYS = ['a', 'b', 'c', 'n', 's', 'list', 'obj'];

export const contextArb: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    a: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.constant(null)),
    b: fc.oneof(fc.boolean(), fc.constant(null), fc.integer({ min: 0, max: 3 })),
    c: fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -3, max: 3 })),
    n: fc.integer({ min: -100, max: 100 }),
    s: fc.string({ maxLength: 8 }),
    list: fc.array(fc.oneof(fc.integer({ min: -9, max: 9 }), fc.constant(null)), { maxLength: 5 }),
    obj: fc.dictionary(fc.constantFrom('x', 'y', '__proto__', 'constructor'), fc.integer({ min: 0, max: 9 }), { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

const getAny = fc.constantFrom(...KEYS).map((k) => `get('$.${k}')`);

export const sourceArb: fc.Arbitrary<string> = fc.letrec<{ num: string; str: string; bool: string; dt: string; any: string }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: -20, max: 20 }).map(String),
    fc.constantFrom('0.5', '1e3', '.25', '2.5'),
    fc.constantFrom("get('$.a')", "get('$.n')", "get('$.a', 0)", "length(get('$.s'))", "get('$.list[0]')"),
    fc.tuple(tie('num'), fc.constantFrom('+', '-', '*', '/', '%'), tie('num')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('num').map((a) => `-(${a})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `(if (${c}) ${a} else ${b})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    fc.tuple(fc.constantFrom('abs', 'floor', 'ceil', 'round', 'sign', 'trunc', 'sqrt', 'ln', 'exp'), tie('num')).map(([f, a]) => `${f}(${a})`),
    fc.tuple(fc.constantFrom('min', 'max'), tie('num'), tie('num')).map(([f, a, b]) => `${f}(${a}, ${b})`),
    fc.tuple(tie('num'), tie('num')).map(([a, b]) => `power(${a}, ${b})`),
    fc.tuple(tie('num'), tie('num')).map(([a, b]) => `coalesce(${a}, ${b})`),
    tie('str').map((s) => `length(${s})`),
    tie('str').map((s) => `to_number(${s})`),
    fc.constantFrom("sum(get('$.list'))", "avg(get('$.list'))", "max(get('$.list'))", 'sum([1, 2])'),
    tie('dt').map((d) => `hours(now() - ${d})`),
    tie('bool').map((b) => `(${b} + 1)`),
  ),
  str: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 5 }).map(quote),
    fc.constantFrom("get('$.s')", "get('$.c')", "get('$.s', 'dflt')"),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `(${a} + ${b})`),
    fc.tuple(fc.constantFrom('lower', 'upper', 'trim'), tie('str')).map(([f, a]) => `${f}(${a})`),
    tie('num').map((n) => `to_string(${n})`),
    tie('any').map((x) => `to_string(${x})`),
    fc.tuple(tie('bool'), tie('str'), tie('str')).map(([c, a, b]) => `if(${c}, ${a}, ${b})`),
  ),
  bool: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('true', 'false', 'null', "get('$.b')", "has('$.a')", "get('$.obj.x') == 3"),
    fc.tuple(tie('num'), fc.constantFrom('<', '<=', '>', '>=', '==', '!='), tie('num')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(tie('str'), fc.constantFrom('<', '>=', '==', '!=', 'in'), tie('str')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(tie('bool'), fc.constantFrom('and', 'or', '&&', '||'), tie('bool')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('bool').map((b) => `not ${b}`),
    tie('bool').map((b) => `!(${b})`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `contains(${a}, ${b})`),
    fc.tuple(tie('str'), fc.constantFrom('^a', 'b+', '(?i)x', '[0-9]')).map(([a, p]) => `matches(${a}, '${p}')`),
    fc.tuple(tie('num'), tie('any')).map(([n, l]) => `${n} in ${l}`),
    tie('any').map((x) => `${x} == ${x}`),
  ),
  dt: fc.oneof(
    fc.constantFrom("iso_datetime_parse('2026-11-21T10:00:00Z')", "iso_datetime_parse('2024-02-29')", 'now()'),
    fc.tuple(tie('dt'), tie('num')).map(([d, n]) => `(${d} + minutes(${n}))`),
  ),
  any: fc.oneof(
    { depthSize: 'small' },
    getAny,
    fc.constantFrom("get('$.list[*]')", "get('$..x')", "get('$.obj')", '[1, 2, 3]', "['a', null]", '[]', 'parse_json(\'{"k":[1]}\')'),
    tie('num'),
    tie('str'),
    tie('bool'),
  ),
})).any;
