/**
 * The batch baseline: read a JSONL file, JSON.parse and JSON.stringify every
 * line, write the lines out. What any per-record tool must at least do.
 *   node src/bare-loop.mjs <in.jsonl> <out>
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';

const [inPath, outPath] = process.argv.slice(2);
if (!inPath || !outPath) {
  process.stderr.write('usage: node src/bare-loop.mjs <in.jsonl> <out>\n');
  process.exit(2);
}

const input = createReadStream(inPath, { highWaterMark: 1 << 18, encoding: 'utf8' });
const out = createWriteStream(outPath);
let rest = '';
let records = 0;
for await (const chunk of input) {
  const text = rest + chunk;
  const lines = [];
  let start = 0;
  let nl;
  while ((nl = text.indexOf('\n', start)) !== -1) {
    const line = text.slice(start, nl);
    start = nl + 1;
    if (line.length === 0) continue;
    lines.push(JSON.stringify(JSON.parse(line)));
    records++;
  }
  rest = text.slice(start);
  if (lines.length > 0 && !out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
}
if (rest.length > 0) {
  out.write(`${JSON.stringify(JSON.parse(rest))}\n`);
  records++;
}
out.end();
await once(out, 'finish');
process.stderr.write(`${records} records\n`);
