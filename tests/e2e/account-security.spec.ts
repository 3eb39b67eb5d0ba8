import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
  clientAddress,
  expect,
  failedRequestLog,
  signInAs,
  test,
} from './support/fixtures';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

/** Signs the account in once more through the API, from a phone: another session. */
async function signInFromPhone(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/v1/login/', {
    headers: { ...clientAddress(), 'user-agent': PHONE },
    data: { username: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe('account security on the profile', () => {
  test('a trainee sees their sessions and activity, and signs the phone out', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('student');
    const failed = await request.post('/api/v1/login/', {
      headers: clientAddress(),
      data: { username: account.email, password: 'not-the-password-1' },
    });
    expect(failed.status()).toBe(400);
    const phoneToken = await signInFromPhone(request, account);
    await signInAs(page, account);
    await page.goto('/student/profile-screen');

    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByText('Safari on iOS')).toBeVisible();
    const activity = page.getByRole('region', { name: 'Security activity' });
    await expect(activity.getByText('Failed sign-in')).toBeVisible();
    await expect(activity.getByText('Account created')).toBeVisible();
    await sessions.screenshot({ path: '.tmp/screenshots/account-security-sessions-1280.png' });
    await activity.screenshot({ path: '.tmp/screenshots/account-security-activity-1280.png' });

    await sessions.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(sessions.getByText('Safari on iOS')).toHaveCount(0);
    await expect(activity.getByText('A session was signed out')).toBeVisible();
    const phoneProfile = await request.get('/users/profile/', {
      headers: { authorization: `token ${phoneToken}` },
    });
    expect(phoneProfile.status()).toBe(401);
  });

  test('a supervisor signs out every other session at once', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('supervisor');
    await signInFromPhone(request, account);
    await signInFromPhone(request, account);
    await signInAs(page, account);
    await page.goto('/supervisor/profile-screen');
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByText('Safari on iOS')).toHaveCount(2);
    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByText('2 other sessions signed out')).toBeVisible();
    await expect(sessions.getByText('Safari on iOS')).toHaveCount(0);
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(
      0,
    );
    await expect(
      page
        .getByRole('region', { name: 'Security activity' })
        .getByText('All other sessions were signed out'),
    ).toBeVisible();
  });

  test('a browser whose session was ended from another device says so at sign-in', async ({
    page,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    // The ended session's requests are refused (Chromium logs each).
    allowConsoleError(failedRequestLog(401));
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.evaluate(() => localStorage.setItem('welcomeSeen', 'true'));
    await page.goto('/student/profile-screen');
    await expect(page.getByRole('region', { name: 'Active sessions' })).toBeVisible();

    // From the phone: "Sign out all other sessions" ends this browser's.
    const phoneToken = await signInFromPhone(request, account);
    const revoked = await request.post('/api/v1/sessions/revoke-others/', {
      headers: { authorization: `token ${phoneToken}` },
    });
    expect(revoked.status()).toBe(200);

    // The browser's next request is refused: it goes to sign in, told why in plain words.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/login\/student$/);
    const notice = page.getByRole('status').filter({ hasText: 'You were signed out' });
    await expect(notice).toContainText(
      'Your session on this device was ended, from another device or because your password was changed. Sign in again to carry on.',
    );
    await expect(page.getByText('Authentication credentials were not provided.')).toHaveCount(0);
    await expect(page.getByText('Something needs attention')).toHaveCount(0);
    // Axe reads this notice in accessibility.spec.ts (the trainee's profile journey).
    await page.screenshot({ path: '.tmp/screenshots/session-ended-1280.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: '.tmp/screenshots/session-ended-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signing in again goes on as usual, and the notice is gone.
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.locator('input[type="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/student\//);
    await expect(notice).toHaveCount(0);
  });

  test('a common password is refused under the New Password field', async ({
    page,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/student/password-change-profile');
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Current Password').fill(account.password);
    await field('New Password').fill('iloveyou1');
    await field('Confirm New Password').fill('iloveyou1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(field('New Password')).toHaveAccessibleDescription(
      /This password is too common and easy to guess\. Please choose another one\./,
    );
  });
});
