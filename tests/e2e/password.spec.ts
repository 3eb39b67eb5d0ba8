import type { Page } from '@playwright/test';
import { waitForCode } from './support/mailbox';
import { expect, failedRequestLog, signInAs, test } from './support/fixtures';

const NEW_PASSWORD = 'a-brand-new-secret-9';

/**
 * Waits until the forgot-password page is shown, not only its address: the page is loaded on
 * demand, and until it arrives the login page stays on screen with an Email field of its own,
 * which would take the typing meant for this one.
 */
async function expectForgotPasswordPage(page: Page): Promise<void> {
  await expect(
    page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
  ).toBeVisible();
}

test.describe('passwords', () => {
  test('a trainee who forgot the password resets it with the mailed code and signs in', async ({
    page,
    newAccount,
  }) => {
    const account = await newAccount('student');
    await page.goto('/login/student');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password/);
    await expectForgotPasswordPage(page);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('We sent you a code to reset your password.')).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(
        `/reset-password\\?email=${encodeURIComponent(account.email).replace(/\./g, '\\.')}`,
      ),
    );

    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Confirm New Password', exact: true })
      .fill('something-else-1');
    await page.getByRole('textbox', { name: 'Email Token', exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code from the email')).toBeVisible();

    const code = await waitForCode(account.email, 'reset', since);
    await page
      .getByRole('textbox', { name: 'Confirm New Password', exact: true })
      .fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Email Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByText('Your password was reset. Sign in with the new one.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login\/student$/);

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/student\/logHour$/);
  });

  test('a supervisor who starts from the supervisor login page returns to it', async ({
    page,
    newAccount,
  }) => {
    const account = await newAccount('supervisor');
    await page.goto('/login/supervisor');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expectForgotPasswordPage(page);
    // By keyboard: Enter in the field submits the form.
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    const since = Date.now();
    await page.getByRole('textbox', { name: 'Email', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/reset-password\?/);
    const code = await waitForCode(account.email, 'reset', since);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Confirm New Password', exact: true })
      .fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Email Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/login\/supervisor$/);
  });

  test('a wrong reset code is reported under the token field', async ({
    page,
    trainee,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    await page.goto(`/reset-password?email=${encodeURIComponent(trainee.email)}`);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Confirm New Password', exact: true })
      .fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Email Token', exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Email Token', exact: true }),
    ).toHaveAccessibleDescription(/Invalid or expired code/);
  });

  test('Cancel on the forgot-password page goes home', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in trainee changes the password; Save waits for a valid form', async ({
    page,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/student/profile-screen');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/student\/password-change-profile$/);

    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    // Exactly 'Save': the profile it came from has 'Save details' and 'Save pathway' until it goes.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await field('Current Password').fill(account.password);
    await field('New Password').fill('short');
    await expect(field('New Password')).toHaveAccessibleDescription(
      /Password must be 8 characters long/,
    );
    await field('New Password').fill(account.password);
    await field('Confirm New Password').fill(account.password);
    await expect(field('New Password')).toHaveAccessibleDescription(/Can not use same password/);
    await expect(save).toBeDisabled();
    await field('New Password').fill(NEW_PASSWORD);
    await expect(field('Confirm New Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    await expect(save).toBeDisabled();

    await field('Confirm New Password').fill(NEW_PASSWORD);
    await field('Current Password').fill('wrong-current-password');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(field('Current Password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );

    await field('Current Password').fill(account.password);
    await save.click();
    await expect(page.getByText('Successfully Password changed.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Current Password', exact: true })).toHaveValue(
      '',
    );
  });
});
