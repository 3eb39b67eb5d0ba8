// `npm run bench:throttled -- <url> [<url>…] [--runs 7]`: what a throttled browser sees of a
// page, beside what Lighthouse's simulation estimates (`npm run bench:front`). Each load runs in a
// fresh context of the system Chromium with Lighthouse's mobile throttling applied through the
// DevTools protocol (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower) and records
// the first contentful paint, the moment React has taken over the page (the first form or main
// element carries React's fiber), and the main thread's long tasks until 1.5 s after that (their
// time over 50 ms summed, as Total Blocking Time counts it, and the longest). Prints each figure's
// runs and median. Used to weigh a change to how the first screen loads against what it does for
// a visitor (decision 015; bench/RESULTS.md, its sixth pass); the pages are served by a running server (`npm start`,
// or two on other ports with CLIENT_DIST set to compare two builds).
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { findBrowser, thisMachine } from '../scripts/browser';
import { median } from './support/server';

type Load = { paint: number; hydrated: number; blocking: number; longest: number };

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** How long long tasks are still counted once React has taken the page over. */
const AFTER_TAKEOVER_MS = 1_500;

/**
 * Run before the page's own scripts: records long tasks, and the moment the first form or main
 * element of #root carries React's fiber. A string, not a function: the TypeScript loader would
 * wrap a named inner function in a helper the page does not have.
 */
const INIT_SCRIPT = `
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  requestAnimationFrame(function look() {
    const element = document.querySelector('#root form, #root main');
    if (element && Object.keys(element).some((key) => key.startsWith('__reactFiber'))) {
      window.benchHydratedAt = performance.now();
      return;
    }
    requestAnimationFrame(look);
  });
`;

/** What INIT_SCRIPT leaves on `window` for the bench to read. */
type BenchWindow = Window & { benchHydratedAt?: number; benchLongTasks?: number[] };

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '7' } },
  });
  const runs = Math.max(1, Number(values.runs) || 7);
  if (positionals.length === 0) throw new Error('Name the page addresses to load.');
  const browser = findBrowser(thisMachine());
  if (!browser) throw new Error('No Chromium: run `npm run test:browser`.');
  const chrome = await chromium.launch({
    executablePath: browser.path,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const url of positionals) {
      const loads: Load[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await chrome.newContext();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.addInitScript({ content: INIT_SCRIPT });
        await page.goto(url);
        await page.waitForFunction(
          () => (window as BenchWindow).benchHydratedAt !== undefined,
          null,
          {
            timeout: 60_000,
          },
        );
        // A fixed window after the takeover: its long tasks count too, as they do for TBT.
        await page.waitForTimeout(AFTER_TAKEOVER_MS);
        loads.push(
          await page.evaluate(() => {
            const bench = window as BenchWindow;
            const long = bench.benchLongTasks ?? [];
            return {
              paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
              hydrated: bench.benchHydratedAt ?? NaN,
              blocking: long.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
              longest: Math.max(0, ...long),
            };
          }),
        );
        await context.close();
      }
      console.log(url);
      for (const key of ['paint', 'hydrated', 'blocking', 'longest'] as const) {
        const all = loads.map((load) => Math.round(load[key]));
        console.log(`  ${key.padEnd(9)} median ${median(all)} ms  (runs ${all.join(', ')})`);
      }
    }
  } finally {
    await chrome.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
