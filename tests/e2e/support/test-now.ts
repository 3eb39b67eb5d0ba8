/*
 * `npm run test:dates` (scripts/test-dates.mjs): with TEST_NOW set, the specs' own process reads
 * that day too, so that what a spec works out from "today" (last month, a date to log on) agrees
 * with the server and the browser, which the `clockAt` fixture moves to the same instant. The
 * clock still runs; only Date is moved, and only under TEST_NOW.
 */
const RealDate = Date;

/** The real now, whatever TEST_NOW says: the clock fixture's offset is measured from it. */
export const realNow = (): number => RealDate.now();

const at = process.env.TEST_NOW;
if (at && !Number.isNaN(RealDate.parse(at)) && Date === RealDate) {
  const shift = RealDate.parse(at) - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      super();
      // `new Date()` is now + the shift; any other form means what it always meant.
      const value = args.length === 0 ? [RealDate.now() + shift] : args;
      return Reflect.construct(RealDate, value, new.target) as ShiftedDate;
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
