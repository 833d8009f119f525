/**
 * A real-sized verification contract for the shared-process bench (issue 18):
 * a support agent's rule set of 60 conditions over more than 40 distinct
 * member names, each written in UserFn, CEL (@marcbachmann/cel-js) and as a
 * hand-written closure, and a seeded stream of varied sessions to evaluate it
 * against. Every session has every field the conditions read (with varied
 * values), so the three forms agree without relying on how each engine treats
 * a missing member; `called(t)` reads `tools.<t>`, which sessions hold or not.
 */

const NUMBERS = ['confidence', 'sections_indexed', 'refund_amount', 'latency_ms', 'turns', 'csat', 'tokens_used', 'cost_usd', 'retries', 'hits'];
const STRINGS = {
  status: ['indexed', 'partial', 'failed'],
  category: ['billing', 'shipping', 'account', 'other'],
  priority: ['low', 'normal', 'high', 'urgent'],
  lang: ['eng', 'fra', 'deu'],
  currency: ['EUR', 'USD', 'GBP'],
  resolution: ['refunded', 'replaced', 'explained', 'escalated'],
  sentiment: ['positive', 'neutral', 'negative'],
  channel: ['chat', 'email', 'phone'],
  customer_tier: ['free', 'pro', 'enterprise'],
  queue: ['tier1', 'tier2', 'specialist'],
};
const BOOLEANS = ['escalated', 'verified', 'pii_redacted', 'cited', 'apologized'];
const TOOLS = ['search', 'lookup_account', 'issue_refund', 'send_email', 'escalate', 'create_ticket', 'close_ticket', 'fetch_order'];
const METADATA = { region: ['eu', 'us', 'apac'], plan: ['basic', 'plus'], source: ['web', 'app'] };
const WORDS = ['refund', 'sorry', 'order', 'account', 'ticket'];

/** The contract's conditions: `{ id, userfn, cel, js }` (js is the source of a closure over the context `c`). */
export function contractRules() {
  const rules = [];
  const add = (id, userfn, cel, js) => rules.push({ id, userfn, cel, js });
  NUMBERS.forEach((f, i) => {
    const t = [0.8, 3, 100, 2000, 12, 4, 5000, 0.5, 2, 1][i];
    add(
      `${f}-bound`,
      `get('$.output.${f}') ${i % 2 ? '<=' : '>='} ${t}`,
      `output.${f} ${i % 2 ? '<=' : '>='} ${Number.isInteger(t) ? `${t}.0` : t}`,
      `(c) => c.output?.${f} ${i % 2 ? '<=' : '>='} ${t}`,
    );
  });
  Object.entries(STRINGS).forEach(([f, values]) => {
    add(`${f}-is`, `get('$.output.${f}') == '${values[0]}'`, `output.${f} == '${values[0]}'`, `(c) => c.output?.${f} === '${values[0]}'`);
    const pair = values
      .slice(1, 3)
      .map((v) => `'${v}'`)
      .join(', ');
    add(
      `${f}-in`,
      `get('$.output.${f}') in [${pair}]`,
      `output.${f} in [${pair}]`,
      `(c) => { const v = c.output?.${f}; return ${values
        .slice(1, 3)
        .map((v) => `v === '${v}'`)
        .join(' || ')}; }`,
    );
  });
  for (const f of BOOLEANS) add(`${f}`, `get('$.output.${f}') == true`, `output.${f} == true`, `(c) => c.output?.${f} === true`);
  TOOLS.forEach((t, i) => {
    if (i % 2) add(`no-${t}`, `not called('${t}')`, `!has(tools.${t})`, `(c) => c.tools?.${t} == null`);
    else add(`called-${t}`, `called('${t}')`, `has(tools.${t})`, `(c) => c.tools?.${t} != null`);
  });
  for (const [k, values] of Object.entries(METADATA)) {
    add(
      `meta-${k}`,
      `get('$.session.metadata.${k}') == '${values[0]}'`,
      `session.metadata.${k} == '${values[0]}'`,
      `(c) => c.session?.metadata?.${k} === '${values[0]}'`,
    );
  }
  for (const w of WORDS)
    add(
      `says-${w}`,
      `contains(get('$.output.text'), '${w}')`,
      `output.text.contains('${w}')`,
      `(c) => { const t = c.output?.text; return typeof t === 'string' && t.includes('${w}'); }`,
    );
  add('agent', `get('$.agent.key') == 'support-agent'`, `agent.key == 'support-agent'`, `(c) => c.agent?.key === 'support-agent'`);
  add(
    'refund-in-budget',
    `get('$.output.resolution') != 'refunded' or get('$.output.refund_amount') <= 200`,
    `output.resolution != 'refunded' || output.refund_amount <= 200.0`,
    `(c) => c.output?.resolution !== 'refunded' || c.output?.refund_amount <= 200`,
  );
  add(
    'urgent-escalated',
    `get('$.output.priority') != 'urgent' or get('$.output.escalated') == true`,
    `output.priority != 'urgent' || output.escalated == true`,
    `(c) => c.output?.priority !== 'urgent' || c.output?.escalated === true`,
  );
  add(
    'refund-needs-lookup',
    `not called('issue_refund') or called('lookup_account')`,
    `!has(tools.issue_refund) || has(tools.lookup_account)`,
    `(c) => c.tools?.issue_refund == null || c.tools?.lookup_account != null`,
  );
  add(
    'quality',
    `get('$.output.confidence') >= 0.6 and get('$.output.csat') >= 3 and get('$.output.sentiment') != 'negative'`,
    `output.confidence >= 0.6 && output.csat >= 3.0 && output.sentiment != 'negative'`,
    `(c) => c.output?.confidence >= 0.6 && c.output?.csat >= 3 && c.output?.sentiment !== 'negative'`,
  );
  add(
    'fast-enough',
    `get('$.output.latency_ms') < 5000 and get('$.output.turns') < 20`,
    `output.latency_ms < 5000.0 && output.turns < 20.0`,
    `(c) => c.output?.latency_ms < 5000 && c.output?.turns < 20`,
  );
  return rules;
}

/** The distinct member names the contract reads (at least 40 by design). */
export function contractMemberNames() {
  return new Set([
    ...NUMBERS,
    ...Object.keys(STRINGS),
    ...BOOLEANS,
    ...TOOLS,
    ...Object.keys(METADATA),
    'output',
    'tools',
    'session',
    'metadata',
    'text',
    'agent',
    'key',
  ]);
}

/** A small seeded generator (mulberry32): the same stream on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` varied sessions, the same for a given seed, as a host receives them:
 * decoded from JSON (a verifier's sessions arrive as JSON text over HTTP or in
 * a JSONL file). `{ built: true }` gives the objects as this generator builds
 * them, key by key: V8 keeps an object that gets more than a dozen or so
 * properties through computed keys (`output[f] = ...`) in dictionary mode,
 * which JSON.parse never does, and every engine reads those more slowly
 * (`RS-built` in the shared-process bench).
 */
export function contractSessions(count, seed = 18, { built = false } = {}) {
  const r = random(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const sessions = [];
  for (let i = 0; i < count; i++) {
    const output = {};
    NUMBERS.forEach((f, k) => {
      const scale = [1, 20, 400, 6000, 25, 5, 9000, 2, 4, 6][k];
      output[f] = k === 0 || k === 7 ? Math.round(r() * scale * 100) / 100 : Math.floor(r() * scale);
    });
    for (const [f, values] of Object.entries(STRINGS)) output[f] = pick(values);
    for (const f of BOOLEANS) output[f] = r() < 0.5;
    output.text = `${pick(['Sorry for the wait', 'Hello', 'Thanks'])}: your ${pick(WORDS)} and ${pick(WORDS)} are handled.`;
    const tools = {};
    for (const t of TOOLS) if (r() < 0.5) tools[t] = { outputs: { latest: `{"ok":${r() < 0.9}}` } };
    const metadata = {};
    for (const [k, values] of Object.entries(METADATA)) metadata[k] = pick(values);
    sessions.push({ agent: { key: pick(['support-agent', 'support-agent', 'triage-agent']) }, session: { key: `ses_${i}`, metadata }, output, tools });
  }
  return built ? sessions : sessions.map((s) => JSON.parse(JSON.stringify(s)));
}

/** The contract as a rule-set document of `n` rules (the contract's conditions repeated with distinct thresholds), for the language-service curve. */
export function contractDocument(n) {
  const base = contractRules();
  const rules = [];
  for (let i = 0; i < n; i++) {
    const r = base[i % base.length];
    const round = Math.floor(i / base.length);
    // a distinct text per rule: the same condition, or-ed with a never-true guard that names the rule's round
    const condition = round === 0 ? r.userfn : `${r.userfn} or get('$.output.turns') > ${1000 + round}`;
    rules.push({ id: `${r.id}-${i}`, condition, message: `Rule ${r.id} (${i}) did not hold.`, weight: 1 + (i % 3) });
  }
  return `${JSON.stringify({ name: 'support-contract', profile: 'verification', rules }, null, 2)}\n`;
}
