/*
 * `npm run test:dates` (scripts/test-dates.mjs): with TEST_NOW set, the specs' own process reads
 * that day too, so that what a spec works out from "today" (last month, a date to log on) agrees
 * with the server and the browser, which the `clockAt` fixture moves to the same instant. The
 * clock still runs; only Date is moved, and only under TEST_NOW.
 */
const RealDate = Date;

/** The real now, whatever TEST_NOW says: the clock fixture's offset is measured from it. */
export const realNow = (): number => RealDate.now();

/**
 * Moves `Date` by `shiftMs` and lets it run on: `new Date()` and `Date.now()` read the moved
 * instant, any other form means what it always meant, timers keep real time. Self-contained, so
 * that the browser runs the same function (the clock fixture's init script, serialized).
 *
 * Not Playwright's `page.clock` in the browser: Playwright's clock runs in this process and
 * stamps each of its commands with this process's `Date.now()`, which TEST_NOW has moved; the
 * page replays them against its own real clock, so a day in the past came out as today
 * (measured: on TEST_NOW 2026-12-01 with the real date 3 December, the browser read 3 December).
 */
export function shiftDate(shiftMs: number): void {
  const Original = globalThis.Date;
  class ShiftedDate extends Original {
    constructor(...args: unknown[]) {
      super();
      const value = args.length === 0 ? [Original.now() + shiftMs] : args;
      return Reflect.construct(Original, value, new.target) as ShiftedDate;
    }
    static override now(): number {
      return Original.now() + shiftMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

const at = process.env.TEST_NOW;
if (at && !Number.isNaN(RealDate.parse(at)) && Date === RealDate) {
  shiftDate(RealDate.parse(at) - RealDate.now());
}
