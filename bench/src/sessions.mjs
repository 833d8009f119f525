/**
 * A deterministic generator of verification contexts (finished agent
 * sessions) for the batch figure: mostly passing records, with a realistic
 * share that breaks one rule or another, so explanations are exercised too.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { prng } from '../../examples/generate-sessions.mjs';

export { prng };

const TEXTS = ['All sections indexed.', 'Every section was indexed without errors.', 'Indexing finished: all sections indexed.'];

/**
 * The i-th session (0-based) from a PRNG; `nowMs` anchors created_at within
 * the last ~30 hours. About nine records in ten hold every W9 rule; the others
 * break one or two (a missing output, a low confidence, another status, no
 * account lookup, another agent, a text that does not say "indexed").
 */
export function makeSession(i, random, nowMs) {
  const r = () => random();
  const session = {
    agent: { key: r() < 0.99 ? 'doc-indexer' : 'doc-summarizer' },
    session: { key: `ses_${String(i + 1).padStart(6, '0')}` },
  };
  if (r() < 0.995) {
    const s = r();
    const status = s < 0.97 ? 'indexed' : s < 0.985 ? 'partial' : 'failed';
    session.output = {
      status,
      sections_indexed: status === 'failed' ? 0 : 1 + Math.floor(r() * 40),
      confidence: Math.round((r() < 0.96 ? 0.8 + r() * 0.2 : 0.5 + r() * 0.3) * 1000) / 1000,
      text: r() < 0.98 ? TEXTS[Math.floor(r() * TEXTS.length)] : 'Some sections could not be read.',
      created_at: new Date(nowMs - Math.floor(r() * 30 * 3600) * 1000).toISOString().replace('.000Z', 'Z'),
    };
  }
  session.tools = { search: { outputs: { latest: JSON.stringify({ hits: Math.floor(r() * 10), status: 'ok' }) } } };
  if (r() < 0.98) session.tools.lookup_account = { outputs: { latest: JSON.stringify({ id: `acc_${Math.floor(r() * 1e6)}` }) } };
  return session;
}

/**
 * Writes `count` sessions as JSON Lines. `holds` (optional) is a list of
 * hand-written rule closures: the result counts the records for which some
 * rule does not hold (what `userfn verify` should report as failed).
 */
export async function writeSessions(path, { count, seed = 6, nowMs, holds = [] }) {
  const random = prng(seed);
  const out = createWriteStream(path);
  let bytes = 0;
  let failing = 0;
  let batch = [];
  for (let i = 0; i < count; i++) {
    const s = makeSession(i, random, nowMs);
    if (holds.some((h) => h(s) !== true)) failing++;
    const line = JSON.stringify(s);
    bytes += Buffer.byteLength(line) + 1;
    batch.push(line);
    if (batch.length === 1000 || i === count - 1) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch = [];
    }
  }
  out.end();
  await once(out, 'finish');
  return { records: count, bytes, failing };
}
