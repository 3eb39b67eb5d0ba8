import type { Page } from '@playwright/test';
import { createLogToday } from './support/logs';
import { waitForCode } from './support/mailbox';
import {
  type Account,
  clientAddress,
  expect,
  failedRequestLog,
  PASSWORD,
  test,
  uniqueEmail,
} from './support/fixtures';

/** Signs a trainee in on the trainee login page, as a person does; they land on the log screen. */
async function signInThroughTheForm(page: Page, account: Account): Promise<void> {
  await page.goto('/login/student');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/student\/logHour$/);
}

// These tests are about the login form itself, so they sign in through it.
test.describe('login form', () => {
  test('a trainee who signs in on the supervisor page gets "Invalid supervisor\'s credentials"', async ({
    page,
    trainee,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    await page.goto('/login/supervisor');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(trainee.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(trainee.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: "Invalid supervisor's credentials" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login\/supervisor$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a supervisor who signs in on the trainee page gets "Invalid student\'s credentials"', async ({
    page,
    supervisor,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    await page.goto('/login/student');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(supervisor.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(supervisor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: "Invalid student's credentials" }),
    ).toBeVisible();
  });

  test('a supervisor signs in and lands on the sign logs page', async ({ page, supervisor }) => {
    await page.goto('/login/supervisor');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(supervisor.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(supervisor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/supervisor\/signlogs$/);
    await expect(page.getByText('No logs found').first()).toBeVisible();
  });

  test('a trainee who has logged hours signs in on a new browser and is not welcomed again', async ({
    page,
    request,
    newAccount,
  }) => {
    // Issue 36: the welcome is for a first visit. This browser has never seen the app (no
    // 'welcomeSeen'); the sign-in's answer says the trainee has logged.
    const logged = await newAccount('student');
    await createLogToday(request, logged, 'Before this browser');
    await signInThroughTheForm(page, logged);
    await expect(page.getByRole('heading', { name: 'Log Experience Hours' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome to Fieldwork Tracker' })).toHaveCount(0);

    // A trainee who has not logged yet is welcomed on the same browser.
    const fresh = await newAccount('student');
    await page.evaluate(() => localStorage.clear());
    await signInThroughTheForm(page, fresh);
    await expect(page.getByRole('region', { name: 'Welcome to Fieldwork Tracker' })).toBeVisible();
  });

  test('a wrong password is refused', async ({ page, trainee, allowConsoleError }) => {
    allowConsoleError(failedRequestLog(400));
    await page.goto('/login/student');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(trainee.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: 'Unable to log in with provided credentials.' }),
    ).toBeVisible();
  });

  test('an unverified account is sent to verify its email with a fresh code', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('unverified');
    const signup = await request.post('/api/v1/signup/', {
      headers: clientAddress(),
      data: { name: 'Uma Unverified', email, password: PASSWORD, is_supervisor: false },
    });
    expect(signup.status()).toBe(201);

    await page.goto('/login/student');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    const code = await waitForCode(email, 'verification', since);
    await page.getByRole('textbox', { name: 'Verification Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });
});
