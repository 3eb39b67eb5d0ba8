import { defineConfig } from '@playwright/test';
import { findBrowser, thisMachine } from './scripts/browser';

/**
 * End-to-end tests in Chromium against the real server, which global setup starts on a fresh
 * embedded database with a real SMTP receiver (tests/e2e/support/global-setup.ts). The browser is
 * the one `npm run test:browser` found or got (scripts/browser.ts: CHROMIUM_PATH, else the
 * system's, else Playwright's own).
 */
const browser = findBrowser(thisMachine());
if (!browser) throw new Error('No Chromium for the end-to-end tests: run `npm run test:browser`.');

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // One folder per run: Playwright empties it at the start, and runs may overlap on one checkout.
  outputDir: `.tmp/e2e-results/${(process.env.E2E_RUN_ID ??= String(process.pid))}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // E2E_JSON=<file> also writes each test's duration as JSON (how the suite's time was measured:
  // bench/RESULTS.md, "Test suite").
  reporter: process.env.E2E_JSON
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]]
    : [['list']],
  // Deadlines, not waits: a passing test takes no longer for them. They are set for a loaded
  // machine (two cores shared with other work), where an answer can take 10 s and an axe pass 15 s;
  // the longest tests call test.slow() (three times this).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // A failed test keeps its trace: the DOM after each step, the network and the console. Not the
    // screencast, whose frames cost every test, passing or not, about 40 % of its time here
    // (bench/RESULTS.md, "Test suite"); the failure screenshot below shows the last screen.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.path,
      // No --headless here: Playwright adds it unless a run asks for --headed.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
