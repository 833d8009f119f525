/**
 * The playground's first seconds, as a visitor gets them: the built page
 * (packages/playground/dist) served by its own server (`npm start`'s, with
 * compression), opened in Debian's Chromium (headless, a fresh profile each
 * time: nothing cached), timing the load event and "ready" (the status the
 * page shows once the editors are up and the first evaluation is back).
 *
 *   node bench/src/playground-ready.mjs [--runs 5]
 *
 * Prints the median and the spread, and writes bench/results/playground-ready.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../../packages/playground/scripts/serve.mjs';
import { percentile } from './stats.mjs';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One cold visit: load event and "ready", in ms from navigation start. */
async function visit(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('status')?.dataset.state === 'ready', undefined, { timeout: 60_000, polling: 10 });
    const readyAt = await page.evaluate(() => performance.now());
    const loadAt = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? Number.NaN);
    const transferred = await page.evaluate(() =>
      performance.getEntriesByType('resource').reduce((n, r) => n + (r.transferSize || 0), performance.getEntriesByType('navigation')[0]?.transferSize ?? 0),
    );
    return { loadMs: loadAt, readyMs: readyAt, transferredBytes: transferred };
  } finally {
    await context.close();
  }
}

export async function measurePlaygroundReady({ runs = 5 } = {}) {
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    await visit(browser, server.url); // the server compresses each file once: the first visit pays for it, as after `npm start`
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await visit(browser, server.url));
    const med = (k) =>
      percentile(
        samples.map((s) => s[k]),
        50,
      );
    return { runs, loadMs: med('loadMs'), readyMs: med('readyMs'), transferredBytes: med('transferredBytes'), samples };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--runs');
  const result = await measurePlaygroundReady({ runs: i > 0 ? Number(process.argv[i + 1]) : 5 });
  process.stdout.write(
    `playground, cold visit (median of ${result.runs}): load ${result.loadMs.toFixed(0)} ms, ready ${result.readyMs.toFixed(0)} ms, ${(result.transferredBytes / 1024).toFixed(0)} KiB transferred\n`,
  );
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/playground-ready.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
}
