// `npm run test:dates`: the unit and API suites (PGlite) and the end-to-end specs, each run as
// if today were another day (TEST_NOW: tests/setup/test-now.ts for vitest, the clockAt fixture
// and tests/e2e/support/test-now.ts for Playwright), on the days a calendar bug shows: the 1st,
// 2nd, 15th, 28th-31st of a month, 29 February, 31 December and 1 January, and the days clocks
// change in the US. Part of the nightly run. A test that passes today and fails on one of these
// days reads the real date somewhere it should not.
//   node scripts/test-dates.mjs [--dates 2027-01-31,2028-02-29] [--only unit,api,e2e] [-- <files>]
// Arguments after `--` go to each runner (one spec or test file); without them the e2e suite runs
// DATE_SPECS. Prints a table at the end.
import { spawnSync } from 'node:child_process';

/** Each day at 15:00 UTC: 10:00 or 11:00 in New York, the same date on both sides of the ocean. */
export const TEST_DATES = [
  '2026-12-01', // the 1st
  '2026-12-02', // the 2nd
  '2027-01-15', // the 15th
  '2027-02-28', // the 28th, the last day of a short February
  '2027-01-29', // the 29th
  '2027-01-30', // the 30th
  '2027-01-31', // the 31st
  '2028-02-29', // a leap day
  '2026-12-31', // the last day of the year (and of the 2022 standards)
  '2027-01-01', // the first day of a year (and of the 2027 standards)
  '2027-03-14', // US daylight saving time begins
  '2027-11-07', // US daylight saving time ends
];

/**
 * API files left out of a moved day: they test the storage against a second clock that cannot
 * move (s3rver refuses a request signed 'RequestTimeTooSkewed', and a folder's files carry the
 * file system's real times), not a date rule. Measured on 29 February 2028: their 43 tests fail
 * on the signing clock alone, every other API test passes.
 */
const REAL_CLOCK_FILES = [
  'tests/api/storage-contract.test.ts',
  'tests/api/files-s3.test.ts',
  'tests/api/files-picture-svg.test.ts',
  'tests/api/faults-storage.test.ts',
  'tests/api/storage-sweep.test.ts',
];

/**
 * The end-to-end specs whose answers read the date: each works out a day, a month or a deadline
 * from today, stands on a date of its own, or meets the billing clock (a trial's end, a renewal)
 * or the mail clock (a code sent since a moment). Left out: the specs that read no date, and the
 * accessibility pass, whose findings (axe, sideways scroll) do not depend on the day: it logs on
 * today only to have a screen to read, and costs a quarter of the e2e suite's time.
 */
export const DATE_SPECS = [
  'agenda',
  'at-risk-and-calendar',
  'billing-access-ways',
  'billing-signup',
  'form-hours',
  'logging',
  'login',
  'offline-log',
  'password',
  'plan',
  'progress',
  'review',
  'standards-switch',
  'supervisor-access',
  'supervisor-account',
  'supervisor-task-grid',
  'trainee-account',
  'user-day',
  'verify-email',
].map((name) => `tests/e2e/${name}.spec.ts`);

const SUITES = {
  unit: ['npx', ['vitest', 'run', '--project', 'unit']],
  api: [
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'api',
      ...REAL_CLOCK_FILES.flatMap((file) => ['--exclude', file]),
    ],
  ],
  e2e: ['npx', ['playwright', 'test']],
};

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? null : (process.argv[index + 1] ?? null);
}

const separator = process.argv.indexOf('--');
const passThrough = separator === -1 ? [] : process.argv.slice(separator + 1);
const dates = option('--dates')?.split(',') ?? TEST_DATES;
const only = option('--only')?.split(',') ?? Object.keys(SUITES);
for (const name of only) {
  if (!(name in SUITES)) throw new Error(`--only: no suite ${name} (${Object.keys(SUITES)})`);
}

if (only.includes('e2e')) {
  const built = spawnSync('npm', ['run', '--silent', 'build:e2e'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const results = [];
for (const date of dates) {
  for (const suite of only) {
    const [command, args] = SUITES[suite];
    const started = Date.now();
    // The API suite on PGlite only: a PostgreSQL server's clock cannot be moved.
    const { DATABASE_URL: _serverClock, ...env } = process.env;
    const files = passThrough.length === 0 && suite === 'e2e' ? DATE_SPECS : passThrough;
    const run = spawnSync(command, [...args, ...files], {
      stdio: 'inherit',
      env: { ...env, TEST_NOW: `${date}T15:00:00Z`, TEST_DATABASE: 'pglite' },
    });
    const seconds = Math.round((Date.now() - started) / 1000);
    results.push({ date, suite, passed: run.status === 0, seconds });
    console.log(
      `\n── test:dates ${date} ${suite}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`,
    );
  }
}
console.log('test:dates');
for (const row of results) {
  console.log(
    `  ${row.date}  ${row.suite.padEnd(4)}  ${row.passed ? 'passed' : 'FAILED'}  ${row.seconds} s`,
  );
}
process.exit(results.every((row) => row.passed) ? 0 : 1);
