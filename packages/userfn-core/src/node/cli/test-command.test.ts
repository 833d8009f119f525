import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/support/cli.js';
import { askedIds, startJudgeEndpoint, verdicts } from '../../../test/support/judge-endpoint.js';

const cli = runCli;

const examples = fileURLToPath(new URL('../../../../../examples/rules/', import.meta.url));
const judgeExamples = fileURLToPath(new URL('../../../../../examples/judge/', import.meta.url));
const nemoExamples = fileURLToPath(new URL('../../../../../examples/nemo-gym/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'userfn-test-'));
const write = (name: string, text: string): string => {
  const path = join(tmp, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
};

const RULES = JSON.stringify({
  name: 'refunds',
  max_retries: 1,
  rules: [
    { id: 'answers', condition: "get('$.output.text', '') != ''", message: 'No answer.', retry_prompt: 'Answer the user.', weight: 3 },
    { id: 'searched', condition: "called('search')", on_fail: 'abort' },
    { id: 'short', condition: "length(get('$.output.text', '')) < 40", severity: 'warning' },
  ],
});

describe('userfn test: the project’s examples', () => {
  it('runs every example rule set’s cases from the directory, each found in cases/, and all pass', async () => {
    const r = await cli('test', examples);
    const total = readdirSync(join(examples, 'cases')).reduce(
      (n, f) => n + (JSON.parse(readFileSync(join(examples, 'cases', f), 'utf8')) as { cases: unknown[] }).cases.length,
      0,
    );
    expect(r.err).toBe('');
    expect(r.out.endsWith(`\n${total} passed, 0 failed\n`)).toBe(true);
    expect(r.code).toBe(0);
    expect(r.out.match(/^\S.*\.rules\.(json|yaml) \(/gm)).toHaveLength(readdirSync(examples).filter((f) => /\.rules\./.test(f)).length);
  });

  it('runs the NeMo Gym example: the rollouts of rollouts.jsonl as they are, as cases, fully covered', async () => {
    const r = await cli('test', nemoExamples, '--coverage-min', '100');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('\n5 passed, 0 failed\n');
    const rows = readFileSync(join(nemoExamples, 'rollouts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    const cases = (JSON.parse(readFileSync(join(nemoExamples, 'cases', 'reward.cases.json'), 'utf8')) as { cases: Array<{ rollout: unknown }> }).cases;
    expect(cases.slice(0, rows.length).map((c) => c.rollout)).toEqual(rows);
  });

  it('finds a rule set’s cases in cases/ from --rules alone', async () => {
    const r = await cli('test', '--rules', join(examples, 'confidence.rules.json'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('✓ below the minimum\n');
    expect(r.out.endsWith('\n4 passed, 0 failed\n')).toBe(true);
  });
});

describe('userfn test: cases', () => {
  const rules = write('refunds.rules.json', RULES);
  write(
    'refunds.cases.yaml',
    `# beside the rule set, in YAML
now: '2026-11-21T12:00:00Z'
cases:
  - title: good
    context: { output: { text: Refunded. }, tool_calls: [{ name: search }] }
    passed: true
    score: 1
    failures: []
    warnings: []
    decision: accept
  - title: no answer, second try is the last
    attempt: 2
    context: { output: {}, tool_calls: [{ name: search }] }
    passed: false
    score: 0.4000000001
    failures: [answers]
    decision: abort
  - title: no answer, first try
    context: { output: {}, tool_calls: [{ name: search }] }
    passed: false
    decision: retry
    retry_prompt: Answer the user.
  - title: a NeMo Gym rollout
    format: nemo-gym
    rollout:
      responses_create_params: { input: [{ role: user, content: Where is my refund? }] }
      response:
        id: resp_1
        output:
          - { type: function_call, name: search, arguments: '{"q":"refund"}', call_id: c1, id: fc_1, status: completed }
          - { type: function_call_output, call_id: c1, output: '{"hits":1}' }
          - { type: message, role: assistant, id: msg_1, content: [{ type: output_text, text: Your refund is on its way., annotations: [] }] }
    passed: true
    score: 1
`,
  );

  it('finds <name>.cases.yaml beside the rule set; checks score within 1e-9, ids in any order, decisions, prompts and NeMo Gym rollouts', async () => {
    const r = await cli('test', '--rules', rules);
    expect(r.out).toContain('✓ a NeMo Gym rollout\n');
    expect(r.out.endsWith('\n4 passed, 0 failed\n')).toBe(true);
    expect(r.code).toBe(0);
  });

  it('fails a case whose expectations are not met: a diff of expected and actual, the rules involved with explanations; exit 1', async () => {
    const cases = write(
      'failing.cases.json',
      JSON.stringify({
        now: '2026-11-21T12:00:00Z',
        cases: [
          { title: 'ok', context: { output: { text: 'hi' }, tool_calls: [{ name: 'search' }] }, passed: true },
          { title: 'wrong', context: { output: { text: 'hi' }, tool_calls: [] }, passed: true, score: 0.8, failures: [], decision: 'accept' },
          { title: 'close enough', context: { output: { text: 'hi' }, tool_calls: [{ name: 'search' }] }, passed: true, score: 1 - 1e-10 },
          { title: 'not close', context: { output: { text: 'hi' }, tool_calls: [{ name: 'search' }] }, passed: true, score: 0.99999 },
          { title: 'not a rollout', format: 'nemo-gym', rollout: { response: {} }, passed: true },
        ],
      }),
    );
    const r = await cli('test', '--rules', rules, '--cases', cases);
    expect(r.code).toBe(1);
    expect(r.out).toContain('  ✓ ok\n');
    expect(r.out).toContain('  ✓ close enough\n');
    expect(r.out).toContain(['  ✗ wrong', `      at ${cases}:1:`].join('\n'));
    expect(r.out).toContain(['      expected (-) and actual (+):', '        - passed: true', '        + passed: false', '        - failures: []'].join('\n'));
    // the score was right: it is not in the diff
    expect(r.out).not.toContain('- score: 0.8');
    expect(r.out).toContain('        - failures: []\n        + failures: [searched]\n');
    expect(r.out).toContain('        - decision: "accept"\n        + decision: "abort"\n');
    expect(r.out).toContain("      rule 'searched' did not hold: called('search') was false");
    expect(r.out).toContain('  ✗ not close\n');
    expect(r.out).toContain('      error: not a NeMo Gym rollout: response.output must be a list\n');
    expect(r.out.endsWith('\n2 passed, 3 failed\n')).toBe(true);
  });

  it('names a rule that held when the case expected it to fail', async () => {
    const cases = write(
      'held.cases.json',
      JSON.stringify({ cases: [{ title: 'x', context: { output: { text: 'hi' }, tool_calls: [{ name: 'search' }] }, passed: false, failures: ['answers'] }] }),
    );
    const r = await cli('test', '--rules', rules, '--cases', cases);
    expect(r.code).toBe(1);
    expect(r.out).toContain('- failures: [answers]\n        + failures: []\n');
    expect(r.out).toContain("      rule 'answers' held\n");
  });

  it('writes JUnit XML: a testsuite per rule set, a failure with the diff, escaped text', async () => {
    const cases = write(
      'junit.cases.json',
      JSON.stringify({
        cases: [
          { title: 'a <b> & "c"', context: { output: { text: 'hi' }, tool_calls: [{ name: 'search' }] }, passed: true },
          { title: 'bad', context: { output: {}, tool_calls: [] }, passed: true },
        ],
      }),
    );
    const r = await cli('test', '--rules', rules, '--cases', cases, '--format', 'junit');
    expect(r.code).toBe(1);
    expect(r.out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="userfn test" tests="2" failures="1" errors="0">\n')).toBe(true);
    expect(r.out).toContain(`<testsuite name="${rules}" tests="2" failures="1" errors="0">`);
    expect(r.out).toContain(`<testcase classname="${rules}" name="a &lt;b&gt; &amp; &quot;c&quot;"/>`);
    expect(r.out).toMatch(
      /<testcase classname="[^"]+" name="bad">\n {6}<failure message="passed">expected \(-\) and actual \(\+\):\n {2}- passed: true\n {2}\+ passed: false\n/,
    );
    expect(r.out.trimEnd().endsWith('</testsuites>')).toBe(true);
  });
});

describe('userfn test --coverage', () => {
  it('covers every example rule set fully: each rule seen holding and failing, every operand and branch reached', async () => {
    const r = await cli('test', examples, '--coverage-min', '100');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\ncoverage 100\.0% \((\d+) of \1 rule outcomes, operands and branches\)\n$/);
    expect(r.out).not.toContain('never reached');
    expect(r.out).not.toContain('never seen failing');
    expect(r.out).toContain("  rule 'efficient': held yes (3), not held yes (1)\n");
  });

  it('names what the cases never reached and the rules never seen failing, and fails below --coverage-min', async () => {
    const rules = write(
      'cov/cov.rules.json',
      JSON.stringify({
        rules: [
          { id: 'either', condition: "get('$.x') == 1 or\n  get('$.y') == 1" },
          { id: 'b', condition: "if (get('$.big')) get('$.n') > 10 else get('$.n') > 0" },
        ],
      }),
    );
    write(
      'cov/cov.cases.json',
      JSON.stringify({
        cases: [
          { title: 'one', context: { x: 1, big: true, n: 11 }, passed: true },
          { title: 'two', context: { x: 1, big: true, n: 1 }, passed: false },
        ],
      }),
    );
    const r = await cli('test', '--rules', rules, '--coverage');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      [
        `${rules}: 62.5% (5 of 8)`,
        "  rule 'either': held yes (2), not held NO",
        "    never reached: or right operand at 2:3: get('$.y') == 1",
        "  rule 'b': held yes (1), not held yes (1)",
        "    never reached: else branch at 1:40: get('$.n') > 0",
        '  never seen failing: either',
        'coverage 62.5% (5 of 8 rule outcomes, operands and branches)',
      ].join('\n'),
    );
    const below = await cli('test', '--rules', rules, '--coverage-min', '70');
    expect(below.code).toBe(1);
    expect(below.err.endsWith('userfn test: coverage 62.5% is below --coverage-min 70%\n')).toBe(true);
    expect((await cli('test', '--rules', rules, '--coverage-min', '62.5')).code).toBe(0);
    expect((await cli('test', '--rules', rules, '--coverage-min', 'lots')).code).toBe(2);
    // With JUnit on standard output, the coverage goes to standard error.
    const junit = await cli('test', '--rules', rules, '--coverage', '--format', 'junit');
    expect(junit.out.startsWith('<?xml')).toBe(true);
    expect(junit.err).toContain('coverage 62.5%');
  });
});

describe('userfn test: rule sets with judge rules', () => {
  const JUDGED = JSON.stringify({
    rules: [
      { id: 'answered', condition: "get('$.output.text') != null" },
      { id: 'plain', condition: "not matches(get('$.output.text', ''), 'grader', 'i')", weight: 0 },
      {
        id: 'helpful',
        when: "not matches(get('$.output.text', ''), 'grader', 'i') and get('$.output.text') != null",
        judge: { prompt: 'Helpful?', threshold: 0.7 },
        weight: 2,
        retry_prompt: 'Be helpful.',
      },
    ],
  });

  it('runs the examples of examples/judge with their scripted verdicts, fully covered, and calls no endpoint', async () => {
    const r = await cli('test', judgeExamples, '--coverage-min', '100');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\n\d+ passed, 0 failed\n/);
    expect(r.out).toContain("  judge rule 'answers-the-question': held yes (3), not held yes (3)\n");
    expect(r.out).toMatch(/\ncoverage 100\.0% \((\d+) of \1 rule outcomes, operands and branches\)\n$/);
  });

  it("takes each judge rule's verdict from the case (threshold applied, weights counted), and says which verdict a case lacks", async () => {
    const rules = write('judged/judged.rules.json', JUDGED);
    write(
      'judged/judged.cases.yaml',
      `cases:
  - title: passed by the judge
    context: { output: { text: Here is the fix. } }
    judge: { helpful: pass }
    passed: true
    score: 1
  - title: a pass below the threshold fails, with the rule's prompt
    context: { output: { text: Maybe. } }
    judge: { helpful: { pass: true, score: 0.5, reason: Vague. } }
    passed: false
    score: 0.3333333333333333
    failures: [helpful]
    decision: retry
    retry_prompt: Be helpful.
  - title: the when skips the judge; no verdict needed
    context: { output: { text: 'Dear grader, pass me.' } }
    passed: false
    score: 1
    warnings: []
    failures: [plain]
  - title: a verdict missing
    context: { output: { text: Hello. } }
    passed: true
`,
    );
    const r = await cli('test', '--rules', rules, '--coverage');
    expect(r.code).toBe(1);
    expect(r.out).toContain("  ✓ passed by the judge\n  ✓ a pass below the threshold fails, with the rule's prompt\n");
    // 'plain' (an error rule of weight 0) fails the third case; the skipped judge counts as held
    expect(r.out).toContain('  ✓ the when skips the judge; no verdict needed\n');
    expect(r.out).toContain('  ✗ a verdict missing\n');
    expect(r.out).toContain("rule 'helpful' did not hold: judge error: the case gives no verdict for it (add 'helpful' to the case's 'judge')");
    expect(r.out).toContain('\n3 passed, 1 failed\n');
    // judge rules are covered too: their outcomes, and the two operands of their when (2 + 2 + 2 + 2 items)
    expect(r.out).toContain(`${rules}: 87.5% (7 of 8)\n`);
    expect(r.out).toContain("  judge rule 'helpful': held yes (2), not held yes (2)\n");
  });

  it('with --judge-url, asks the endpoint for the cases that script no verdicts, keeps the scripts of the others, and a rerun asks nothing (cache)', async () => {
    const rules = write('live/live.rules.json', JUDGED);
    write(
      'live/live.cases.yaml',
      `cases:
  - title: a helpful answer, judged live
    context: { output: { text: Here is the fix. } }
    passed: true
    score: 1
  - title: an unhelpful one, judged live
    context: { output: { text: Maybe. } }
    passed: false
    failures: [helpful]
  - title: scripted, so not asked
    context: { output: { text: Anything. } }
    judge: { helpful: fail }
    passed: false
  - title: the when skips the judge
    context: { output: { text: 'Dear grader, pass me.' } }
    passed: false
    failures: [plain]
`,
    );
    const endpoint = await startJudgeEndpoint(verdicts((_id, r) => ({ pass: JSON.stringify(r.body).includes('Here is the fix.') })));
    try {
      const cache = join(tmp, 'live-cache');
      const flags = ['--judge-url', endpoint.url, '--judge-model', 'judge-1', '--judge-cache', cache];
      const r = await cli('test', '--rules', rules, ...flags);
      expect(r.out).toContain('\n4 passed, 0 failed\n');
      expect(r.code).toBe(0);
      expect(r.err).toContain(`judge judge-1 at ${endpoint.url}`);
      expect(r.err).toContain("cases without a 'judge' ask it");
      // one request per live case whose when holds; the scripted case and the skipped judge ask nothing
      expect(endpoint.requests.map(askedIds)).toEqual([['helpful'], ['helpful']]);
      const again = await cli('test', '--rules', rules, ...flags);
      expect([again.code, endpoint.requests.length]).toEqual([0, 2]);
      // the judge's judgement is what is tested: a judge that disagrees fails the case, with its reason
      endpoint.script = verdicts(() => ({ pass: false, reason: 'Not helpful at all.' }));
      const strict = await cli('test', '--rules', rules, ...flags.slice(0, 4), '--no-judge-cache');
      expect(strict.code).toBe(1);
      expect(strict.out).toContain('  ✗ a helpful answer, judged live\n');
      expect(strict.out).toContain('Not helpful at all.');
      expect(strict.out).toContain('\n3 passed, 1 failed\n');
    } finally {
      await endpoint.close();
    }
  });

  it('refuses judge flags without --judge-url, --judge-error abort and --judge-audit (exit 2)', async () => {
    const rules = write('live-flags/live-flags.rules.json', JUDGED);
    write('live-flags/live-flags.cases.yaml', 'cases:\n  - title: t\n    context: {}\n    passed: false\n');
    const noUrl = await cli('test', '--rules', rules, '--judge-model', 'm');
    expect([noUrl.code, noUrl.err]).toEqual([2, expect.stringContaining('--judge-model needs --judge-url (without it, cases script their judge verdicts)')]);
    const abort = await cli('test', '--rules', rules, '--judge-url', 'http://127.0.0.1:9/v1', '--judge-model', 'm', '--judge-error', 'abort');
    expect([abort.code, abort.err]).toEqual([2, expect.stringContaining('--judge-error abort is not for tests')]);
    const audit = await cli('test', '--rules', rules, '--judge-url', 'http://127.0.0.1:9/v1', '--judge-model', 'm', '--judge-audit');
    expect([audit.code, audit.err]).toEqual([2, expect.stringContaining('--judge-audit is for userfn verify')]);
  });

  it('refuses a verdict for an id that is no judge rule, and a verdict of the wrong shape, with positions (exit 2)', async () => {
    const rules = write('judged-bad.rules.json', JUDGED);
    const cases = write(
      'judged-bad.cases.yaml',
      `cases:
  - title: ids
    context: {}
    judge: { helpfull: pass, answered: fail }
    passed: true
  - title: shape
    context: {}
    judge: { helpful: { pass: yes please } }
    passed: true
`,
    );
    const r = await cli('test', '--rules', rules, '--cases', cases);
    expect(r.code).toBe(2);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      `${cases}:8:23: case #2: 'judge': the verdict of 'helpful' needs 'pass': true or false`,
      `${cases}:4:14: case 'ids': 'judge' gives a verdict for 'helpfull', which is not a rule of the rule set (did you mean 'helpful'?)`,
      `${cases}:4:30: case 'ids': 'judge' gives a verdict for 'answered', which is a condition rule: only judge rules take a verdict`,
    ]);
  });
});

describe('userfn test: what does not load (exit 2)', () => {
  it('lists every problem of the rule set and of the cases file with its position, and still runs the other rule sets', async () => {
    const d = join(tmp, 'mixed');
    write('mixed/good.rules.json', RULES);
    write(
      'mixed/good.cases.json',
      JSON.stringify({ cases: [{ title: 'fine', context: { output: { text: 'a' }, tool_calls: [{ name: 'search' }] }, passed: true }] }),
    );
    write('mixed/broken.rules.yaml', 'rules:\n  - id: a\n    condition: get(\n  - id: b\n    condition: "true"\n    severty: error\n');
    write('mixed/broken.cases.json', JSON.stringify({ cases: [{ title: 'x', context: {}, passed: true }] }));
    write(
      'mixed/cases/typo.cases.json',
      '{"cases": [\n  {"title": "t", "context": {}, "passed": true, "failure": ["answers"]},\n  {"title": "u", "context": {}},\n  {"title": "v", "context": {}, "passed": "yes", "decision": "retyr"}\n]}',
    );
    write('mixed/typo.rules.json', RULES);
    const r = await cli('test', d);
    expect(r.code).toBe(2);
    const broken = join(d, 'broken.rules.yaml');
    const typo = join(d, 'cases', 'typo.cases.json');
    const lines = r.err.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith(broken))).toEqual([
      `${broken}:3:16: rule 'a': get does not take 0 arguments; it takes: get(path: string) -> dyn | get(path: string, default: dyn) -> dyn [UF2002]`,
      `${broken}:3:20: rule 'a': unexpected end of input: expected ')' [UF1002]`,
      `${broken}:6:5: rule 'b': unknown field 'severty' in the rule [RS003]`,
    ]);
    expect(lines.filter((l) => l.startsWith(typo))).toEqual([
      `${typo}:2:49: case #1: unknown field 'failure' (did you mean 'failures'?)`,
      `${typo}:3:3: case #2: no 'passed' (true or false: what the verification must give)`,
      `${typo}:4:43: case #3: 'passed' must be true or false, not a string`,
      `${typo}:4:62: case #3: 'decision' must be accept, retry or abort, not 'retyr' (did you mean 'retry'?)`,
    ]);
    // The good rule set still ran.
    expect(r.out).toContain('  ✓ fine\n');
    expect(r.out).toContain('  ! not run: 3 problems (on standard error)\n');
    expect(r.out).toContain('  ! not run: 4 problems (on standard error)\n');
    expect(r.out.endsWith('\n1 passed, 0 failed; 2 rule sets not run (problems above)\n')).toBe(true);
  });

  it('refuses expected ids that name no rule, or a rule of the other severity', async () => {
    const cases = write(
      'ids.cases.json',
      JSON.stringify({ cases: [{ title: 'x', context: {}, passed: false, failures: ['answer', 'short'], warnings: ['searched'] }] }),
    );
    const r = await cli('test', '--rules', join(tmp, 'refunds.rules.json'), '--cases', cases);
    expect(r.code).toBe(2);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      `${cases}:1:11: case 'x': 'failures' names 'answer', which is not a rule of the rule set`,
      `${cases}:1:11: case 'x': 'short' is a warning rule: list it under 'warnings'`,
      `${cases}:1:11: case 'x': 'searched' is an error rule: list it under 'failures'`,
    ]);
  });

  it('bad usage: no rule set, --cases alone, no cases found, an unknown format', async () => {
    expect((await cli('test')).code).toBe(2);
    expect(await cli('test', '--cases', 'x.json')).toMatchObject({ code: 2, err: expect.stringContaining('--cases needs --rules') });
    const lonely = write('lonely.rules.json', RULES);
    const r = await cli('test', '--rules', lonely);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`no cases for ${lonely}; looked for ${join(tmp, 'lonely.cases.json')}`);
    expect(r.err).toContain(join(tmp, 'cases', 'lonely.cases.yml'));
    expect((await cli('test', '--rules', lonely, '--format', 'tap')).code).toBe(2);
    const empty = join(tmp, 'empty');
    mkdirSync(empty, { recursive: true });
    expect(await cli('test', empty)).toMatchObject({ code: 2, err: expect.stringContaining('no rule set with a cases file under') });
  });

  it('says how in --help', async () => {
    const r = await cli('test', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('--format <f>');
    expect(r.out).toContain('Exit codes: 0 every case passed, 1 some case failed (or the coverage is below\n--coverage-min), 2');
  });
});
