/**
 * The alternative to `userfn serve --workers n` that the bench measures it
 * against: one listener on the main thread, n worker threads that parse and
 * verify. Node cannot hand a socket to a worker thread, so the main thread
 * reads every request body and writes every answer; the body's bytes move to
 * a worker (transferred, not copied) and the answer's text comes back.
 * Only POST /verify, enough for the measurement; not a product.
 *
 *   node serve-threads.mjs --rules <file> --port 0 --host 127.0.0.1 --workers n
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const { values } = parseArgs({ options: { rules: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, workers: { type: 'string' } } });
const rulesText = readFileSync(values.rules, 'utf8');
const n = Number(values.workers ?? '1');
const workers = Array.from({ length: n }, () => new Worker(new URL('./serve-threads-worker.mjs', import.meta.url), { workerData: { rulesText } }));
const pending = new Map();
let nextId = 0;
let turn = 0;
for (const w of workers) w.on('message', ({ id, status, text }) => pending.get(id)?.(status, text));

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const bytes = body.buffer.slice(body.byteOffset, body.byteOffset + body.length);
    const id = nextId++;
    pending.set(id, (status, text) => {
      pending.delete(id);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    workers[turn++ % n].postMessage({ id, bytes }, [bytes]);
  });
});
server.listen(Number(values.port ?? 0), values.host ?? '127.0.0.1', () => {
  process.stdout.write(`serve-threads: http://${values.host ?? '127.0.0.1'}:${server.address().port} (${n} threads)\n`);
});
process.on('SIGTERM', () => {
  server.close();
  for (const w of workers) void w.terminate();
});
