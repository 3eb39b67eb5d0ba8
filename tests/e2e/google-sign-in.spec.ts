import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, test, uniqueEmail } from './support/fixtures';

/*
 * "Continue with Google" against a real OpenID Connect provider on loopback (oidc-provider,
 * started by global setup as the server's OIDC_ISSUER): its sign-in page takes any login, the
 * login being the account's email.
 */

mkdirSync('.tmp/screenshots', { recursive: true });
const WIDTHS = [375, 1280] as const;

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `.tmp/screenshots/google-${name}-${width}.png`, fullPage: true });
  }
}

/** Signs in and consents at the provider's own pages, as the person would. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.beforeEach(({ allowConsoleError }) => {
  // The provider's development pages ask for a web font this machine cannot reach.
  allowConsoleError(/Failed to load resource: net::/);
});

test('a new trainee clicks "Continue with Google", signs in at Google and lands signed in', async ({
  page,
}) => {
  const email = uniqueEmail('gina');
  await page.goto('/login/student');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await screenshots(page, 'login');

  await google.click();
  await signInAtProvider(page, email);

  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL(/\/student\//);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[0-9a-f]{64}$/);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(user).toMatchObject({ email, is_supervisor: false, name: 'Gina Google' });

  // The profile says how they sign in: Google, and no password yet (Unlink waits for one).
  await page.goto('/student/profile-screen');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText(`Linked to ${email}`)).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeDisabled();
  await methods.scrollIntoViewIfNeeded();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await methods.screenshot({ path: `.tmp/screenshots/google-methods-${width}.png` });
  }
  await methods
    .getByRole('textbox', { name: 'New Password', exact: true })
    .fill('a-brand-new-pass-9');
  await methods.getByRole('textbox', { name: 'Confirm New Password' }).fill('a-brand-new-pass-9');
  await methods.getByRole('button', { name: 'Set password' }).click();
  await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
});

test('the register page offers Google too', async ({ page }) => {
  await page.goto('/register/supervisor');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await screenshots(page, 'register');
});

test('an email with a password account links only once its password is given', async ({
  page,
  newAccount,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  const account = await newAccount('student');
  await page.goto('/login/student');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, account.email);

  await expect(page.getByRole('heading', { name: 'Link your Google account' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await screenshots(page, 'link');

  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(/\/student\//);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(user).toMatchObject({ email: account.email });
});
