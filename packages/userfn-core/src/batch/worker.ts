/**
 * The entry of a batch worker thread: loads the rule set once, then verifies
 * each chunk of lines it receives with the same code as the main thread (so
 * the output is byte-identical whatever the number of workers). Decoding the
 * input and encoding the output happen here, off the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRuleSet } from '../rules/load.js';
import { processChunk } from './chunk.js';
import { createLineProcessor } from './record.js';
import type { WorkerInit, WorkerMessage, WorkerReply, WorkerTask } from './worker-protocol.js';

const init = workerData as WorkerInit;
const ruleSet = loadRuleSet(init.definition);
const processLine = createLineProcessor(ruleSet, init.format, { now: new Date(init.nowMs) });
const encoder = new TextEncoder();
const port = parentPort!;

port.on('message', (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    const { text, stats } = processChunk(task, processLine, ruleSet.rules.length);
    reply = { seq: task.seq, output: encoder.encode(text), stats };
  } catch (e) {
    port.postMessage({ seq: task.seq, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies WorkerReply);
    return;
  }
  port.postMessage(reply, [reply.output.buffer as ArrayBuffer]);
});
port.postMessage({ ready: true } satisfies WorkerMessage);
