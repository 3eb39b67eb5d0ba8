import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { PLAN_IDS } from '../../src/shared/billing/plans';
import {
  type Account,
  authHeader,
  expect,
  expectStill,
  failedRequestLog,
  signInAs,
  test,
  travel,
} from './support/fixtures';

/*
 * Axe in one place (issue 29; issue 28 item 8): every distinct screen of the app, at a phone's
 * and a desktop's width, fails on a serious or critical finding and on sideways scrolling. The
 * other specs test what the screens do; this one reads each as a screen reader and a voice
 * control would. Each journey visits every screen of one kind of person with accounts of its
 * own, and reports every finding of every screen at once.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** The browser's (the test's time zone) today, as the log form takes a date. */
function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

type Screen = {
  name: string;
  /** Where to go; none: the screen is the state the previous one's `ready` left. */
  path?: string;
  /** Waits until the screen shows what is checked (and sets up that state). */
  ready: (page: Page) => Promise<void>;
};

/** The page's main heading is shown and nothing is still loading. */
const settled = (heading?: string | RegExp) => async (page: Page) => {
  await expect(
    page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first(),
  ).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

mkdirSync('.tmp/screenshots', { recursive: true });

/**
 * Visits the screens one after another; returns every serious or critical axe finding and every
 * sideways scroll, each named with its screen. Axe reads a screen once it is still, as a person
 * does (a fading dialog has no final colours yet).
 */
async function findProblems(page: Page, screens: Screen[], width: number): Promise<string[]> {
  const problems: string[] = [];
  // A deadline for each screen's visit, axe pass and screenshot on a loaded machine, on top of
  // the test's own: the journeys differ in length.
  test.info().setTimeout(test.info().timeout + 45_000 * screens.length);
  for (const screen of screens) {
    if (screen.path) await page.goto(screen.path);
    await screen.ready(page);
    await expectStill(page);
    // Only the violations' nodes are described in full (selectors, HTML): every rule still runs on
    // every node, and the passes, which nothing here reads, cost no selector each (about 10 % of
    // the axe time, 251 s to 227 s over the spec's 111 screens).
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      problems.push(
        `${screen.name} at ${width} px: ${violation.impact} ${violation.id}: ${violation.help}\n    ` +
          violation.nodes.map((node) => node.target.join(' ')).join('\n    '),
      );
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0)
      problems.push(`${screen.name} at ${width} px: scrolls sideways by ${overflow} px`);
    await page.screenshot({
      path: `.tmp/screenshots/a11y-${screen.name}-${width}.png`,
      fullPage: true,
    });
  }
  return problems;
}

async function createLog(
  request: APIRequestContext,
  trainee: Account,
  record: number,
  overrides: Partial<LogEntryWire> = {},
): Promise<number> {
  const response = await request.post('/api/v1/experience-log/', {
    headers: authHeader(trainee),
    data: createLogPayload({
      supervisor: record,
      trainee_supervisor: record,
      date_of_experience: browserToday(),
      ...overrides,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Arrives at the imported logs of a month as the import's last step leaves the page: with the
 * import's answer as the navigation's state (react-router's `usr`), its instant that of `logId`.
 */
async function arriveFromImport(
  page: Page,
  request: APIRequestContext,
  trainee: Account,
  logId: number,
) {
  const response = await request.get(
    `/api/v1/experience-log/?date_of_experience=${browserToday()}`,
    {
      headers: authHeader(trainee),
    },
  );
  const { results } = (await response.json()) as { results: { id: number; created_at: string }[] };
  const importedAt = results.find((log) => log.id === logId)?.created_at;
  expect(importedAt).toBeDefined();
  const month = browserToday().slice(0, 7);
  await page.evaluate(
    ({ path, state }) => {
      history.pushState({ usr: state, key: 'imported', idx: 1 }, '', path);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    {
      path: `/student/imported-logs/${month}`,
      state: { imported_at: importedAt, months: [{ month, count: 1 }] },
    },
  );
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'landing', path: '/', ready: settled('Every fieldwork hour, counted and approved') },
  { name: 'login-trainee', path: '/login/student', ready: settled('Welcome back, Trainee') },
  { name: 'login-supervisor', path: '/login/supervisor', ready: settled(/Welcome back/) },
  { name: 'register-trainee', path: '/register/student', ready: settled(/Trainee account/) },
  {
    name: 'terms-dialog',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Terms and Conditions' }).click();
      await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
      await expect(page.getByText(/29 March 2022/)).toBeVisible();
    },
  },
  {
    name: 'register-supervisor',
    path: '/register/supervisor',
    ready: settled(/Supervisor account/),
  },
  {
    name: 'register-errors',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Please agree to our terms and conditions')).toBeVisible();
    },
  },
  {
    name: 'date-picker',
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Date Qualified to Supervise', exact: true }).click();
      // The month grid of the picker's dropdown.
      await expect(page.getByRole('table')).toBeVisible();
    },
  },
  {
    name: 'verify-email',
    path: '/verify-email?email=someone%40example.com',
    ready: settled('Verify your email'),
  },
  { name: 'verify-email-no-address', path: '/verify-email', ready: settled('Verify your email') },
  { name: 'forgot-password', path: '/forgot-password', ready: settled('Forgot your password?') },
  {
    name: 'reset-password',
    path: '/reset-password?email=someone%40example.com',
    ready: settled('Choose a new password'),
  },
  { name: 'terms', path: '/terms', ready: settled() },
  { name: 'privacy', path: '/privacy', ready: settled() },
  { name: 'not-found', path: '/no/such/page', ready: settled('404') },
];

for (const viewport of VIEWPORTS) {
  test.describe(`every screen at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the public pages', async ({ page }) => {
      expect(await findProblems(page, PUBLIC_SCREENS, viewport.width)).toEqual([]);
    });

    test('a trainee’s logging, progress, plan and forms screens', async ({
      page,
      request,
      pair,
      newAccount,
    }) => {
      // The welcome is a first visit's: a trainee who has not logged yet sees it.
      await signInAs(page, await newAccount('student'));
      const firstVisit = await findProblems(
        page,
        [
          {
            name: 'welcome-panel',
            path: '/student/logHour',
            ready: async (p) => {
              // The welcome is drawn with the log page (welcome-panel.tsx), never after it.
              await expect(
                p.getByRole('region', { name: 'Welcome to Fieldwork Tracker' }),
              ).toBeVisible();
            },
          },
        ],
        viewport.width,
      );
      const { trainee } = pair;
      const logId = await createLog(request, trainee, trainee.supervisorRecord);
      await signInAs(page, trainee);
      const screens: Screen[] = [
        {
          name: 'log-hour',
          path: '/student/logHour',
          ready: async (p) => {
            await expect(
              p.getByRole('region', { name: 'Welcome to Fieldwork Tracker' }),
            ).toHaveCount(0);
            await expect(
              p.getByRole('region', { name: 'Monthly requirements' }).getByText(/h logged/),
            ).toBeVisible();
          },
        },
        {
          name: 'log-hour-errors',
          ready: async (p) => {
            await p.getByRole('button', { name: 'Save' }).click();
            await expect(p.getByText('fields need attention')).toBeVisible();
          },
        },
        {
          name: 'edit-log',
          path: `/student/editLogHour/${logId}`,
          ready: async (p) => {
            await expect(p.getByRole('heading', { name: 'Edit Log', level: 1 })).toBeVisible();
            await expect(
              p.getByRole('region', { name: 'History' }).getByText(/Created by/),
            ).toBeVisible();
          },
        },
        { name: 'import-hours', path: '/student/import-hours', ready: settled() },
        {
          // The month's entries after an import, the imported one marked (issue 28).
          name: 'imported-logs',
          ready: async (p) => {
            await arriveFromImport(p, request, trainee, logId);
            await expect(
              p.getByRole('heading', { name: /^Your logs of /, level: 1 }),
            ).toBeVisible();
            await expect(
              p.getByRole('region', { name: /^Entries in / }).getByText('Just imported'),
            ).toBeVisible();
          },
        },
        { name: 'dashboard', path: '/student/dashboard', ready: settled() },
        { name: 'plan', path: '/student/plan', ready: settled() },
        {
          name: 'monthly-document',
          path: '/student/monthly-document',
          ready: async (p) => {
            await settled()(p);
            await expect(p.getByRole('table', { name: 'Experience Logs' })).toBeVisible();
          },
        },
        {
          name: 'agenda',
          path: '/student/supervision-contact-agenda',
          ready: settled(),
        },
        {
          name: 'fieldwork-forms',
          path: '/student/upload',
          ready: settled(),
        },
        {
          name: 'upload-dialog',
          ready: async (p) => {
            await p.getByRole('button', { name: 'Upload M-FVF' }).click();
            await expect(p.getByRole('dialog', { name: 'Upload a form' })).toBeVisible();
          },
        },
        {
          name: 'faq',
          path: '/student/faq',
          ready: async (p) => {
            await p.getByRole('button', { name: 'What is a supervision contact?' }).click();
            await expect(p.getByText(/Phone calls do not count/)).toBeVisible();
          },
        },
        { name: 'unauthorized', path: '/supervisor/signlogs', ready: settled('Oops!') },
        {
          // Ending a supervisor's access asks first, saying what stays (supervisor-access.spec).
          name: 'end-access-dialog',
          path: '/student/profile-screen',
          ready: async (p) => {
            await p
              .getByRole('region', { name: 'Supervisors' })
              .getByRole('button', { name: /^End access for / })
              .click();
            await expect(
              p.getByRole('dialog', { name: /^End .+ access\?$/ }).getByText('Nothing is deleted:'),
            ).toBeVisible();
          },
        },
      ];
      expect([...firstVisit, ...(await findProblems(page, screens, viewport.width))]).toEqual([]);
    });

    test('a trainee’s profile, settings and billing screens', async ({
      page,
      request,
      newAccount,
      allowConsoleError,
    }) => {
      // The ended session's requests are refused (Chromium logs each).
      allowConsoleError(failedRequestLog(401));
      const subscribed = await newAccount('student', { subscribed: true });
      await signInAs(page, subscribed);
      const screens: Screen[] = [
        {
          name: 'trainee-profile',
          path: '/student/profile-screen',
          ready: async (p) => {
            await expect(p.getByRole('link', { name: 'Change Password' })).toBeVisible();
            await expect(p.getByRole('region', { name: 'Active sessions' })).toBeVisible();
            await expect(p.getByRole('region', { name: 'Security activity' })).toBeVisible();
          },
        },
        {
          name: 'logout-dialog',
          ready: async (p) => {
            await p.getByRole('main').getByRole('button', { name: 'Log out' }).click();
            await expect(
              p.getByRole('dialog').getByText('Are you sure you want to logout?'),
            ).toBeVisible();
          },
        },
        {
          name: 'change-password',
          path: '/student/password-change-profile',
          ready: settled('Change Password'),
        },
        {
          name: 'billing-overview',
          path: '/student/dashboard-subscription',
          ready: (p) => expect(p.getByRole('table', { name: 'Billing history' })).toBeVisible(),
        },
        {
          name: 'change-plan',
          path: '/student/subscription-screen-dashbard',
          ready: (p) => expect(p.getByRole('radiogroup', { name: 'Change plan' })).toBeVisible(),
        },
        {
          name: 'plan-payment',
          path: `/student/payment-screen-dashbard?subscription=${PLAN_IDS.lifetime}`,
          ready: (p) => expect(p.getByRole('form', { name: 'Card details' })).toBeVisible(),
        },
        {
          name: 'update-card',
          path: '/student/subscription/update-payment-method',
          ready: (p) => expect(p.getByTestId('card-on-file')).toHaveText(/4242/),
        },
        {
          name: 'student-terms',
          path: '/student/terms-condition',
          ready: settled(),
        },
      ];
      if (viewport.width < 768) {
        screens.push({
          name: 'navigation-open',
          path: '/student/faq',
          ready: async (p) => {
            await p.getByRole('button', { name: 'Open navigation' }).click();
            await expect(
              p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
                name: 'FAQ',
              }),
            ).toBeVisible();
          },
        });
      }
      const problems = await findProblems(page, screens, viewport.width);

      // A new trainee choosing a plan, and paying for it.
      const newcomer = await newAccount('student');
      await signInAs(page, newcomer);
      problems.push(
        ...(await findProblems(
          page,
          [
            {
              name: 'choose-subscription',
              path: '/subscription',
              ready: async (p) => {
                await expect(p.getByRole('heading', { name: 'Choose Subscription' })).toBeVisible();
                await p.getByRole('radio').nth(2).click();
                await expect(
                  p.getByRole('checkbox', { name: 'Start the 7 day free trial' }),
                ).toBeChecked();
              },
            },
            {
              name: 'payment',
              ready: async (p) => {
                await p.getByRole('button', { name: /Continue/ }).click();
                await expect(p.getByRole('form', { name: 'Card details' })).toBeVisible();
              },
            },
          ],
          viewport.width,
        )),
      );

      // A trainee whose trial ends tomorrow, then one whose trial has ended.
      const lastDay = await newAccount('student');
      await travel(request, lastDay, 6);
      await signInAs(page, lastDay);
      const trialBanner: Screen = {
        name: 'trial-banner',
        path: '/student/dashboard-subscription',
        ready: (p) =>
          expect(p.getByRole('region', { name: 'Subscription notice' })).toContainText(
            'Your free trial ends in 1 day',
          ),
      };
      problems.push(...(await findProblems(page, [trialBanner], viewport.width)));
      const expired = await newAccount('student');
      await travel(request, expired, 8);
      await signInAs(page, expired);
      const expiredPlans: Screen = {
        name: 'subscription-expired',
        path: '/subscription',
        ready: (p) =>
          expect(p.getByRole('alert')).toContainText('Looks like your 7 day free trial'),
      };
      problems.push(...(await findProblems(page, [expiredPlans], viewport.width)));

      // That browser's session ended from elsewhere: the sign-in page says so.
      const ended = await request.post('/api/v1/logout/', { headers: authHeader(expired) });
      expect(ended.status(), await ended.text()).toBe(200);
      const sessionEnded: Screen = {
        name: 'session-ended',
        path: '/student/faq',
        ready: async (p) => {
          await expect(p).toHaveURL(/\/login\/student$/);
          await expect(
            p.getByRole('status').filter({ hasText: 'You were signed out' }),
          ).toBeVisible();
        },
      };
      problems.push(...(await findProblems(page, [sessionEnded], viewport.width)));
      expect(problems).toEqual([]);
    });

    test('a supervisor’s review, trainee and profile screens', async ({ page, request, pair }) => {
      const { supervisor, trainee } = pair;
      const pendingId = await createLog(request, trainee, trainee.supervisorRecord);
      const flaggedId = await createLog(request, trainee, trainee.supervisorRecord, {
        time_of_expereince_start: '13:00',
        time_of_expereince_end: '15:00',
        unrestricted_hours: 1,
        restricted_hours: 1,
        experience_hours: 2,
        supervision_start_time: '13:00',
        supervision_end_time: '14:00',
        independant_hours: 1,
      });
      const flag = await request.post('/api/v1/flag-log/', {
        headers: authHeader(supervisor),
        data: {
          log_id: flaggedId,
          is_flag: true,
          data: { setting: { flagged: true, comment: 'It was the school, not the clinic.' } },
        },
      });
      expect(flag.status(), await flag.text()).toBe(200);
      const traineeId = (trainee.user as { id: number }).id;

      await signInAs(page, supervisor);
      const screens: Screen[] = [
        {
          // The supervisor's home: the calendar and the at-risk list (issue 28 item 8).
          name: 'sign-logs',
          path: '/supervisor/signlogs',
          ready: async (p) => {
            await expect(
              p.getByRole('button', { name: /Approve all pending logs of this day/ }),
            ).toBeVisible();
            await expect(p.getByRole('button', { name: /^Send reminder to / })).toBeVisible();
          },
        },
        {
          name: 'log-details-flag',
          path: `/supervisor/log-details/${pendingId}?action=flag`,
          ready: async (p) => {
            await p.getByRole('checkbox', { name: 'Setting' }).check();
            await expect(
              p.getByRole('textbox', { name: 'Comment on Setting (optional)' }),
            ).toBeVisible();
          },
        },
        {
          name: 'log-details-flagged',
          path: `/supervisor/log-details/${flaggedId}`,
          ready: (p) =>
            expect(p.getByText('Comment: It was the school, not the clinic.')).toBeVisible(),
        },
        {
          name: 'pending-logs',
          path: '/supervisor/pending-logs',
          ready: (p) => expect(p.getByText(trainee.name).filter({ visible: true })).toBeVisible(),
        },
        {
          name: 'flagged-logs',
          path: '/supervisor/flagged-logs',
          ready: (p) => expect(p.getByText(trainee.name).filter({ visible: true })).toBeVisible(),
        },
        {
          name: 'trainees',
          path: '/supervisor/trainees',
          ready: (p) =>
            expect(p.getByRole('link', { name: trainee.name, exact: true })).toBeVisible(),
        },
        { name: 'trainee-detail', path: `/supervisor/trainees/${traineeId}`, ready: settled() },
        {
          name: 'supervisor-monthly-document',
          path: '/supervisor/monthly-document',
          ready: settled(),
        },
        {
          name: 'supervisor-profile',
          path: '/supervisor/profile-screen',
          ready: (p) => expect(p.getByRole('button', { name: 'Edit' })).toBeVisible(),
        },
        {
          name: 'supervisor-profile-edit',
          ready: async (p) => {
            await p.getByRole('button', { name: 'Edit' }).click();
            await expect(p.getByRole('button', { name: 'Save' })).toBeVisible();
          },
        },
        {
          name: 'supervisor-change-password',
          path: '/supervisor/password-change-profile',
          ready: settled('Change Password'),
        },
      ];
      const problems = await findProblems(page, screens, viewport.width);

      // The trainee's side of the flag: correct and resend.
      await signInAs(page, trainee);
      problems.push(
        ...(await findProblems(
          page,
          [
            {
              name: 'edit-resend',
              path: `/student/edit-resend?id=${flaggedId}`,
              ready: (p) =>
                expect(
                  p.getByText('Supervisor’s comment: It was the school, not the clinic.'),
                ).toBeVisible(),
            },
          ],
          viewport.width,
        )),
      );
      expect(problems).toEqual([]);
    });
  });
}
