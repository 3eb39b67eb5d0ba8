import { vi } from 'vitest';

/*
 * `npm run test:dates` (scripts/test-dates.mjs) runs the suites as if today were another day:
 * TEST_NOW names the instant ('2028-02-29T15:00:00Z'). Only Date is moved, and it runs on from
 * there: timers, the event loop and the databases' own clocks are real. A test that sets its own
 * clock (the app's, or vi.setSystemTime) keeps it; what still reads the real now is what this
 * moves, so a test that passes on one day and fails on another shows here.
 */
const at = process.env.TEST_NOW;
if (at) {
  const now = Date.parse(at);
  if (Number.isNaN(now)) throw new Error(`TEST_NOW is not an instant: ${at}`);
  vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
}
