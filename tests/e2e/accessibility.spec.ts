import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  type Account,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  signInAs,
  test,
} from './support/fixtures';

type Visit = {
  name: string;
  as?: 'trainee' | 'supervisor';
  path: string;
  /** Waits until the page shows its content (and sets up the state to check). */
  ready: (page: Page) => Promise<void>;
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
};

const VISITS: Visit[] = [
  {
    name: 'terms-dialog',
    path: '/register/student',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Terms and Conditions' }).click();
      await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
      await expect(page.getByText(/29 March 2022/)).toBeVisible();
    },
  },
  { name: 'landing', path: '/', ready: heading('Every fieldwork hour, counted and approved') },
  { name: 'login', path: '/login/student', ready: heading('Welcome back, Trainee') },
  { name: 'register-student', path: '/register/student', ready: heading(/Trainee account/) },
  {
    name: 'register-supervisor',
    path: '/register/supervisor',
    ready: heading(/Supervisor account/),
  },
  {
    name: 'date-picker',
    path: '/register/supervisor',
    ready: async (page) => {
      await page.getByRole('textbox', { name: 'Date Qualified to Supervise', exact: true }).click();
      // The month grid of the picker's dropdown.
      await expect(page.getByRole('table')).toBeVisible();
    },
  },
  {
    name: 'register-errors',
    path: '/register/supervisor',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Please agree to our terms and conditions')).toBeVisible();
    },
  },
  {
    name: 'verify-email',
    path: '/verify-email?email=someone%40example.com',
    ready: heading('Verify your email'),
  },
  { name: 'verify-email-no-address', path: '/verify-email', ready: heading('Verify your email') },
  { name: 'forgot-password', path: '/forgot-password', ready: heading('Forgot your password?') },
  {
    name: 'reset-password',
    path: '/reset-password?email=someone%40example.com',
    ready: heading('Choose a new password'),
  },
  { name: 'not-found', path: '/no/such/page', ready: heading('404') },
  { name: 'unauthorized', as: 'trainee', path: '/supervisor/signlogs', ready: heading('Oops!') },
  {
    name: 'sign-logs',
    as: 'supervisor',
    path: '/supervisor/signlogs',
    ready: async (page) => {
      await expect(page.getByText('No logs found').first()).toBeVisible();
    },
  },
  {
    name: 'supervisor-profile',
    as: 'supervisor',
    path: '/supervisor/profile-screen',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    },
  },
  {
    name: 'supervisor-profile-edit',
    as: 'supervisor',
    path: '/supervisor/profile-screen',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    },
  },
  {
    name: 'student-profile',
    as: 'trainee',
    path: '/student/profile-screen',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
    },
  },
  {
    name: 'change-password',
    as: 'trainee',
    path: '/student/password-change-profile',
    ready: heading('Change Password'),
  },
  {
    name: 'logout-dialog',
    as: 'trainee',
    path: '/student/profile-screen',
    ready: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
      await expect(
        page.getByRole('dialog').getByText('Are you sure you want to logout?'),
      ).toBeVisible();
    },
  },
  {
    name: 'faq',
    as: 'trainee',
    path: '/student/faq',
    ready: async (page) => {
      await page.getByRole('button', { name: 'What is a supervision contact?' }).click();
      await expect(page.getByText(/Phone calls do not count/)).toBeVisible();
    },
  },
];

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 740 },
] as const;

mkdirSync('.tmp/screenshots', { recursive: true });

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const visit of VISITS) {
      test(`${visit.name} has no serious accessibility violation and fits the screen`, async ({
        page,
        trainee,
        supervisor,
      }) => {
        const accounts: Record<'trainee' | 'supervisor', Account> = { trainee, supervisor };
        if (visit.as) await signInAs(page, accounts[visit.as]);
        await page.goto(visit.path);
        await visit.ready(page);
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
        await page.screenshot({
          path: `.tmp/screenshots/${visit.name}-${viewport.width}.png`,
          fullPage: true,
        });
      });
    }
  });
}

test('phone: the area navigation opens from the menu button', async ({ page, trainee }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, trainee);
  await page.goto('/student/profile-screen');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '.tmp/screenshots/student-nav-open-375.png' });
  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/student\/faq$/);
});
