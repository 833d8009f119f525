/**
 * What the end-to-end tests run on: the built page (dist/) served by the
 * package's own static server on 127.0.0.1, and Debian's Chromium in
 * headless mode, driven with playwright-core (each launch gets a fresh
 * temporary profile directory).
 * Everything started here is stopped by `stop()`.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DIST, startServer, type StaticServer } from '../scripts/serve.mjs';

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots of every run (gitignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running browser and server. */
export interface Harness {
  readonly url: string;
  /** A new page in a browser context of its own (its own localStorage). */
  newPage(): Promise<Page>;
  /** Closes every page, the browser and the server. */
  stop(): Promise<void>;
}

/** Why the e2e tests cannot run here, or undefined when they can. */
export function missingPrerequisite(chromiumPath = CHROMIUM): string | undefined {
  if (!existsSync(chromiumPath)) {
    return `Chromium is not installed at ${chromiumPath}: the playground's browser tests need Debian's chromium package (sudo apt-get install chromium; .ci/run installs it).`;
  }
  if (!existsSync(join(DIST, 'index.html'))) return 'dist/index.html is missing: build the playground first (npm run build).';
  return undefined;
}

/** Starts the server and the browser. Throws with an actionable message when a prerequisite is missing. */
export async function startHarness(): Promise<Harness> {
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  // This run's screenshots only: a failure screenshot of an earlier run would mislead.
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  mkdirSync(RESULTS_DIR, { recursive: true });
  const server: StaticServer = await startServer({ port: 0 });
  let browser: Browser;
  try {
    // launch() gives Chromium a fresh temporary user-data dir of its own, removed on close.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
  } catch (e) {
    await server.close();
    throw e;
  }
  const contexts: BrowserContext[] = [];
  return {
    url: server.url,
    async newPage() {
      // A context per page: its own localStorage, as a fresh browser would have.
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => process.stderr.write(`[page error] ${e.message}\n`));
      return page;
    },
    async stop() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}
