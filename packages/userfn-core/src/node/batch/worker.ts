/**
 * The entry of a batch worker thread. It is started before the rule set is
 * known (by the CLI at its start), waits for `init`, rebuilds the rule set
 * from the main thread's syntax trees once, then verifies each chunk of lines
 * it receives with the same code as the main thread, so the output is
 * byte-identical whatever the number of threads. Decoding the input and
 * encoding the output happen here, off the main thread. It imports no parser
 * (see portable-rules.ts): its bundle loads in about half the time.
 */
import { parentPort } from 'node:worker_threads';
import { processChunk } from './chunk.js';
import { epochMs } from './epoch-ms.js';
import { rebuildRuleSet } from './portable-rules.js';
import { createLineProcessor, type LineProcessor } from './record.js';
import type { WorkerInbound, WorkerInit, WorkerMessage, WorkerReply, WorkerTask } from './worker-protocol.js';

const loadedAt = epochMs();
const port = parentPort!;
const encoder = new TextEncoder();
let verifier: { processLine: LineProcessor; ruleCount: number } | undefined;

function init({ ruleSet, format, nowMs }: WorkerInit): void {
  const rs = rebuildRuleSet(ruleSet);
  verifier = { processLine: createLineProcessor(rs, format, { now: new Date(nowMs) }), ruleCount: rs.rules.length };
  port.postMessage({ ready: true, loadedAt, readyAt: epochMs() } satisfies WorkerMessage);
}

function verify(task: WorkerTask): void {
  let reply: WorkerReply;
  try {
    if (!verifier) throw new Error('a chunk came before the rule set');
    const t0 = performance.now();
    const { text, stats } = processChunk(task, verifier.processLine, verifier.ruleCount);
    reply = { seq: task.seq, output: encoder.encode(text), stats, ms: performance.now() - t0 };
  } catch (e) {
    port.postMessage({ seq: task.seq, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies WorkerReply);
    return;
  }
  port.postMessage(reply, [reply.output.buffer as ArrayBuffer]);
}

port.on('message', (m: WorkerInbound) => ('init' in m ? init(m.init) : verify(m)));
