// `npm run test:browser`: finds or gets the Chromium the end-to-end tests drive, before any slow
// step of `npm test`; without one it stops with one line naming the command to run.
import { BrowserError, ensureBrowser, realInstallers, thisMachine } from './browser';

try {
  const browser = ensureBrowser(thisMachine(), realInstallers, (line) => console.error(line));
  console.log(`Chromium for the end-to-end tests (${browser.source}): ${browser.path}`);
} catch (error) {
  if (!(error instanceof BrowserError)) throw error;
  console.error(error.message);
  process.exit(1);
}
