import { waitForCode } from './support/mailbox';
import {
  clientAddress,
  expect,
  failedRequestLog,
  PASSWORD,
  test,
  uniqueEmail,
} from './support/fixtures';

test.describe('email verification', () => {
  test('from the link in the mail: a wrong code counts down, a resent code verifies', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    const email = uniqueEmail('link-trainee');
    const signup = await request.post('/api/v1/signup/', {
      headers: clientAddress(),
      data: { name: 'Lee Link', email, password: PASSWORD, is_supervisor: false },
    });
    expect(signup.status()).toBe(201);

    await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Verification Token', exact: true }),
    ).toHaveAccessibleDescription('⋆Required');
    await page.getByRole('textbox', { name: 'Verification Token', exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Verification Token', exact: true }),
    ).toHaveAccessibleDescription(/Invalid or expired code\. 4 tries left\./);

    const since = Date.now();
    await page.getByRole('button', { name: 'Resend Verification Code' }).click();
    await expect(page.getByText('Verification code sent.')).toBeVisible();
    const code = await waitForCode(email, 'verification', since);
    await page.getByRole('textbox', { name: 'Verification Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    // A new trainee goes on to choose a subscription.
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Choose Subscription' })).toBeVisible();
  });

  test('without a known address the page asks for the email too', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Code' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Email', exact: true }),
    ).toHaveAccessibleDescription('⋆Required');
  });
});
