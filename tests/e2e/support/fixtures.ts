import { randomBytes, randomInt } from 'node:crypto';
import { realNow, shiftDate } from './test-now';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { PLAN_IDS } from '../../../src/shared/billing/plans';
import { addMonths } from '../../../src/shared/logs/time';
import { todayIn } from '../../../src/shared/logs/time-zone';
import { TEST_CLOCK_HEADER } from '../../../src/server/plugins/test-clock';
import { e2eEnv } from './paths';

export { expect };

export type Role = 'student' | 'supervisor';

/** A verified account with a live session token, made through the API. */
export type Account = {
  role: Role;
  name: string;
  email: string;
  password: string;
  token: string;
  user: unknown;
  /** A trainee made with `supervisedBy`: their record of that supervisor (logs name it). */
  supervisorRecord?: number;
};

export const PASSWORD = 'field-hours-2026';

export const SUPERVISOR_CREDENTIALS = {
  bacb_account_number: 'BACB123456',
  bacb_certification_number: '1-23-45678',
  supervisor_qualification: 'BCBA',
  date_qualified: '2020-01-15',
  date_contract: '2026-01-10',
} as const;

/** The API's authorization header for an account. */
export function authHeader(account: Account): Record<string, string> {
  return { authorization: `token ${account.token}` };
}

/** The browsers' zone (playwright.config.ts, timezoneId), which the app reports for each account. */
export const BROWSER_TIME_ZONE = 'America/New_York';

/**
 * The month before this one where the browser lives ('YYYY-MM'): over for the server, which
 * counts the account's days in the zone its browser reported (issue 36), and over in UTC, which
 * is ahead of it. (Named when the server counted in UTC.)
 */
export function lastMonthUtc(): string {
  return addMonths(todayIn(new Date(), BROWSER_TIME_ZONE).slice(0, 7), -1);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * Sign-up is rate-limited per client address. The e2e server trusts X-Forwarded-For
 * (TRUST_PROXY=true, set by global setup), so each API-made account comes from an address of
 * its own, as separate people would.
 */
export function clientAddress(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

type AccountOptions = {
  name?: string;
  email?: string;
  password?: string;
  /**
   * A trainee only: lists this supervisor, linked to their account at once, as if they had
   * accepted (the pair of most journeys; the real path asks them, issue 36).
   */
  supervisedBy?: Account;
  /** A trainee only: subscribes to the monthly plan with a test card (out of the trial). */
  subscribed?: boolean;
};

/** The body of sign-up for an account of this role. */
function signupBody(role: Role, name: string, email: string, password: string) {
  return role === 'supervisor'
    ? { name, email, password, is_supervisor: true, ...SUPERVISOR_CREDENTIALS }
    : { name, email, password, is_supervisor: false };
}

/**
 * A verified, signed-in account made directly (the server's TEST_HOOKS route POST
 * /api/test/accounts: sign-up's own rows, with the mailbox marked proven instead of a code
 * mailed and typed). Signing up through the mail and the code is tested once per role
 * (trainee-account.spec.ts, supervisor-account.spec.ts, verify-email.spec.ts); every other test
 * starts here.
 */
export async function createAccount(
  request: APIRequestContext,
  role: Role,
  options: AccountOptions = {},
): Promise<Account> {
  const name = options.name ?? (role === 'supervisor' ? 'Sam Supervisor' : 'Tara Trainee');
  const email = options.email ?? uniqueEmail(role);
  const password = options.password ?? PASSWORD;
  const made = await request.post('/api/test/accounts', {
    data: {
      account: signupBody(role, name, email, password),
      ...(options.supervisedBy ? { supervisor_email: options.supervisedBy.email } : {}),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const body: { token: string; user: unknown; supervisor_record: number | null } =
    await made.json();
  const account: Account = { role, name, email, password, token: body.token, user: body.user };
  if (body.supervisor_record !== null) account.supervisorRecord = body.supervisor_record;
  if (options.subscribed) {
    const paid = await request.post('/api/v1/charge-payment/', {
      headers: authHeader(account),
      data: { sub_id: PLAN_IDS.monthly, token: 'tok_visa' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const user = await request.get('/users/profile/', { headers: authHeader(account) });
    account.user = await user.json();
  }
  return account;
}

/**
 * The supervisor accepts the trainee's request to see them (issue 36), through the API the home
 * screen's "Trainee requests" card calls: for journeys whose subject comes after the link.
 */
export async function acceptRequestFrom(
  request: APIRequestContext,
  supervisor: Account,
  trainee: Pick<Account, 'email'>,
): Promise<void> {
  const listed = await request.get('/api/v1/link-requests/', { headers: authHeader(supervisor) });
  expect(listed.status(), await listed.text()).toBe(200);
  const { results }: { results: { id: number; trainee_email: string }[] } = await listed.json();
  const asked = results.find((row) => row.trainee_email === trainee.email);
  if (!asked) throw new Error(`${trainee.email} asked ${supervisor.email} nothing`);
  const accepted = await request.post(`/api/v1/link-requests/${asked.id}/accept/`, {
    headers: authHeader(supervisor),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/**
 * Opens a document of the app's origin that runs none of the app (its icon), so that the session
 * can change while no page uses it. From a page of the app, '/' included (it sends a signed-in
 * person to their area), requests still under way would go out with the next person's token and
 * be refused.
 */
async function leaveTheApp(page: Page): Promise<void> {
  await page.goto('/favicon.svg');
}

/** Puts an account's session into the browser, as a sign-in through the form would. */
export async function signInAs(page: Page, account: Account): Promise<void> {
  await leaveTheApp(page);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: account.token, user: account.user },
  );
}

/** Forgets the browser's session and everything else the app stored. */
export async function signOut(page: Page): Promise<void> {
  await leaveTheApp(page);
  await page.evaluate(() => localStorage.clear());
}

/**
 * Waits until nothing on the page moves: no CSS transition or finite animation running, checked
 * two frames after the last change so that one about to start is seen. Infinite ones (spinners)
 * never end and are not waited for.
 */
export async function expectStill(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          await frame();
          await frame();
          return document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
            )
            .map((animation) => animation.constructor.name);
        }),
      { message: 'animations still running' },
    )
    .toEqual([]);
}

/**
 * Fails when the page scrolls sideways (every page must fit a 375 px screen). Read once the page
 * is still: just after a resize to a phone's width the side bar is still sliding out of view.
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expectStill(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

type TestFixtures = {
  /**
   * The instant a test stands on ('2026-12-15T17:00:00Z'), set with `test.use({ clockAt })`; by
   * default TEST_NOW when set (scripts/test-dates.mjs), else null: the real now. Every answer of a test that depends on the date comes from it.
   */
  clockAt: string | null;
  /** The test's clock: its offset from the real now (0 without `clockAt`), read once per test. */
  clock: { offsetMs: number };
  /** Lets a test expect a browser console error (for example the log line of an expected 400). */
  allowConsoleError: (pattern: RegExp) => void;
  consoleGuard: { allowed: RegExp[] };
  /** Makes another verified account of the test's own (createAccount). */
  newAccount: (role: Role, options?: AccountOptions) => Promise<Account>;
  /** The test's own verified trainee, in their trial. */
  trainee: Account;
  /** The test's own verified supervisor with a complete profile. */
  supervisor: Account;
  /** The test's own supervisor and a trainee who lists them, linked. */
  pair: { supervisor: Account; trainee: Account & { supervisorRecord: number } };
};

export const test = base.extend<TestFixtures>({
  // `npm run test:dates` stands every test that names no date of its own on TEST_NOW.
  clockAt: [process.env.TEST_NOW ?? null, { option: true }],
  clock: async ({ clockAt }, use) => {
    await use({ offsetMs: clockAt === null ? 0 : Date.parse(clockAt) - realNow() });
  },
  // Each test's browser is a person of its own, at an address of its own: the per-address limits
  // (sign-up, codes, login) then count one test's requests, not the whole suite's. A test on a
  // date of its own sends its clock with every request (the server's TEST_HOOKS clock).
  extraHTTPHeaders: async ({ clockAt, clock }, use) => {
    await use({
      ...clientAddress(),
      ...(clockAt === null ? {} : { [TEST_CLOCK_HEADER]: String(clock.offsetMs) }),
    });
  },
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(e2eEnv('baseUrl'));
  },
  // eslint-disable-next-line no-empty-pattern
  consoleGuard: async ({}, use) => {
    await use({ allowed: [] });
  },
  allowConsoleError: async ({ consoleGuard }, use) => {
    await use((pattern) => consoleGuard.allowed.push(pattern));
  },
  // The browser's clock stands on the same date and runs on from it, as the server's does, in
  // every page of the test's context (reloads and new tabs included).
  context: async ({ context, clockAt, clock }, use) => {
    if (clockAt !== null) await context.addInitScript(shiftDate, clock.offsetMs);
    await use(context);
  },
  page: async ({ page, consoleGuard }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // Not the app's: Chromium asks for /favicon.ico on a document without an icon of its own,
      // such as the one leaveTheApp opens.
      const iconProbe = message.location().url.endsWith('/favicon.ico');
      if (message.type() === 'error' && !iconProbe) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    const unexpected = errors.filter((text) => !consoleGuard.allowed.some((re) => re.test(text)));
    expect(unexpected, 'browser console errors').toEqual([]);
  },
  newAccount: async ({ request }, use) => {
    await use((role, options) => createAccount(request, role, options));
  },
  trainee: async ({ request }, use) => {
    await use(await createAccount(request, 'student'));
  },
  supervisor: async ({ request }, use) => {
    await use(await createAccount(request, 'supervisor'));
  },
  pair: async ({ request }, use) => {
    const supervisor = await createAccount(request, 'supervisor');
    const trainee = await createAccount(request, 'student', { supervisedBy: supervisor });
    const supervisorRecord = trainee.supervisorRecord;
    if (supervisorRecord === undefined) throw new Error('the trainee lists no supervisor');
    await use({ supervisor, trainee: { ...trainee, supervisorRecord } });
  },
});

/** The browser log line of a failed request with this status (Chromium logs every one). */
export function failedRequestLog(status: number): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}`);
}

/**
 * Moves an account's billing clock `days` into the future (the server's TEST_HOOKS route): its
 * trial and subscription instants move back, as if those days had passed for it alone.
 */
export async function travel(request: APIRequestContext, account: Account, days: number) {
  const response = await request.post('/api/test/travel', {
    data: { email: account.email, days },
  });
  expect(response.status(), await response.text()).toBe(200);
}
