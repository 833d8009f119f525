// `npm run examples`: evaluates the bundled example expressions against the example
// contexts and prints each value (and, for a false condition, why), on the fixed
// clock examples/expressions.json names, so that the output is the same any day.
import { readFileSync } from 'node:fs';
import { compile, UserFnError } from '@userfn/core';

// A reader that stops early (`npm run examples | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});

const root = new URL('../examples/', import.meta.url);
const { now, examples } = JSON.parse(readFileSync(new URL('expressions.json', root), 'utf8'));

process.stdout.write(`Evaluating ${examples.length} examples with the clock fixed at ${now} (now() returns it; set in examples/expressions.json).\n`);

let failures = 0;
for (const ex of examples) {
  const context = JSON.parse(readFileSync(new URL(`contexts/${ex.context}`, root), 'utf8'));
  process.stdout.write(`\n${ex.title}  [${ex.profile}, ${ex.context}]\n  ${ex.expr}\n`);
  try {
    const compiled = compile(ex.expr, { profile: ex.profile, now });
    const explained = compiled.explain(context);
    if (explained.error) throw new UserFnError(explained.error.code, explained.error.message, explained.error.span);
    process.stdout.write(`  => ${JSON.stringify(explained.value)}  (${compiled.type})\n`);
    if (explained.reason) process.stdout.write(`  because ${explained.reason}\n`);
  } catch (e) {
    if (!(e instanceof UserFnError)) throw e;
    failures++;
    process.stdout.write(`  error[${e.code}] ${e.message} at ${e.span.line}:${e.span.column}\n`);
  }
}
process.stdout.write(`\n${examples.length} examples evaluated, ${failures} errors\n`);
process.exitCode = failures === 0 ? 0 : 1;
