/** A worker thread of serve-threads.mjs: parses a rollout, verifies it, returns the answer's text. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRuleSet, nemoGymToContext, verify } from '@userfn/core';

const ruleSet = loadRuleSet(workerData.rulesText);
const decoder = new TextDecoder();
parentPort.on('message', ({ id, bytes }) => {
  try {
    const rollout = JSON.parse(decoder.decode(bytes));
    const result = verify(ruleSet, nemoGymToContext(rollout));
    parentPort.postMessage({ id, status: 200, text: JSON.stringify({ ...rollout, reward: result.score, userfn: { passed: result.passed } }) });
  } catch (e) {
    parentPort.postMessage({ id, status: 400, text: JSON.stringify({ error: { message: String(e) } }) });
  }
});
