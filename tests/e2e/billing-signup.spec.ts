import type { Page } from '@playwright/test';
import { fillCard, userSubscriptionsOf } from './support/billing';
import { expect, failedRequestLog, signInAs, test, travel, type Account } from './support/fixtures';

test.describe('subscribing', () => {
  test('a new trainee picks Monthly with the trial, pays with a test card and lands on the log page', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/subscription');

    await expect(page.getByRole('heading', { name: 'Choose Subscription' })).toBeVisible();
    await expect(page.getByText('Test mode')).toBeVisible();
    await expect(page.getByText('Coming soon! Graduate plan')).toBeVisible();
    const plans = page.getByRole('radiogroup', { name: 'Choose Subscription' });
    const radios = plans.getByRole('radio');
    await expect(radios).toHaveCount(3);
    await expect(radios.nth(0)).toContainText('Lifetime');
    await expect(radios.nth(0)).toContainText('Most Popular!');
    await expect(radios.nth(1)).toContainText('Yearly');
    // 12 × $14.99 − $149.00 (the default prices).
    await expect(radios.nth(1)).toContainText('Save $30.88');
    await expect(radios.nth(2)).toContainText('Monthly');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Start the 7 day free trial' })).toBeHidden();

    // The trial is offered for Monthly and Yearly, not for Lifetime.
    await radios.nth(0).click();
    await expect(page.getByRole('checkbox', { name: 'Start the 7 day free trial' })).toBeHidden();
    // Arrow keys move the choice, as in any radio group.
    await radios.nth(0).press('ArrowRight');
    await expect(radios.nth(1)).toHaveAttribute('aria-checked', 'true');
    await radios.nth(2).click();
    await expect(radios.nth(2)).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('checkbox', { name: 'Start the 7 day free trial' })).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/payment\?subscription=12&trial=1$/);
    await expect(page.getByText('Monthly: $14.99 per month')).toBeVisible();
    await expect(page.getByText(/Your 7 day free trial starts now/)).toBeVisible();
    await expect(page.getByText('Due today: $0.00')).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    // On a phone: the toast that greets them must not cover the header (issue 28).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Continue' }).click();

    const toast = page
      .getByRole('alert')
      // A trial start charges nothing, and says so (issue 36: it said 'Successfully Charged').
      .filter({ hasText: 'Your 7-day free trial has started: nothing was charged today.' });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/student\/logHour$/);
    const toastBox = await toast.boundingBox();
    const avatarBox = await page.getByTestId('header-avatar').boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    expect(toastBox && avatarBox && headerBox).toBeTruthy();
    if (toastBox && headerBox) {
      expect(toastBox.y, 'the toast starts under the header').toBeGreaterThanOrEqual(
        headerBox.y + headerBox.height,
      );
    }
    await page.screenshot({ path: '.tmp/screenshots/signup-toast-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '.tmp/screenshots/signup-toast-1280.png' });
    const after = await userSubscriptionsOf(request, account);
    expect(after.results.map((row) => [row.subscription.id, row.status])).toEqual([
      [12, 'trialing'],
    ]);
    // The session's user now says paid (refreshed after the payment).
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ is_paid: true });
  });

  test("a declined card shows the provider's message and leaves no subscription", async ({
    page,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(402));
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/payment?subscription=12&trial=0');
    await expect(page.getByText('Amount to pay')).toBeVisible();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('$14.99');

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('alert', { name: 'The payment did not go through' })).toHaveText(
      /Your card was declined\./,
    );
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Your card was declined.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/payment\?subscription=12&trial=0$/);
    expect((await userSubscriptionsOf(request, account)).results).toEqual([]);
  });

  test('a number that is not a test card is refused in the card form, before any request', async ({
    page,
    newAccount,
  }) => {
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/payment?subscription=14&trial=0');
    const card = await fillCard(page, '4012 8888 8888 1881');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(card.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription(
      /Your card was declined\. Your request was in test mode, but used a non test card\./,
    );
    await expect(page).toHaveURL(/\/payment\?subscription=14&trial=0$/);
  });

  test('a coupon must be applied before paying; applied, it shows the new price', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/payment?subscription=13&trial=0');
    await expect(page.getByTestId('amount-to-pay')).toHaveText('$149.00');
    await fillCard(page, '4242 4242 4242 4242');
    const coupon = page.getByRole('textbox', { name: 'Coupon code' });
    const payButton = page.getByRole('button', { name: 'Continue' });
    await expect(payButton).toBeEnabled();

    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter a coupon code').first()).toBeVisible();

    await coupon.fill('NOPE-2026');
    await expect(
      page.getByText('Coupon Entered but not applied. Please clear if not intended'),
    ).toBeVisible();
    await expect(payButton).toBeDisabled();
    // The real server does not know this code.
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon).toHaveAccessibleDescription(/Invalid Coupon/);
    await expect(payButton).toBeDisabled();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Coupon removed successfully!')).toBeVisible();
    await expect(coupon).toHaveValue('');
    await expect(payButton).toBeEnabled();

    // A real coupon, made as the operator's `npm run coupon` makes one.
    const code = `SAVE20-${Date.now().toString(36).toUpperCase()}`;
    const created = await request.post('/api/test/coupon', {
      data: { code, percent_off: 20, max_uses: 1 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await coupon.fill(code.toLowerCase());
    await expect(payButton).toBeDisabled();
    await coupon.press('Enter');
    await expect(page.getByText('Congratulations you got 20% off!')).toBeVisible();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('$119.20');
    await expect(page.getByText('$149.00', { exact: true })).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );
    await expect(page.getByText('20% off', { exact: true })).toBeVisible();
    await expect(payButton).toBeEnabled();

    // Editing the code makes it not applied again.
    await coupon.fill(code.slice(0, -1));
    await expect(payButton).toBeDisabled();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('$149.00');
    await coupon.fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('amount-to-pay')).toHaveText('$119.20');

    await payButton.click();
    await expect(page.getByText('Payment received: your subscription is active.')).toBeVisible();
    await expect(page).toHaveURL(/\/student\/logHour$/);
    const after = await userSubscriptionsOf(request, account);
    expect(after.results.map((row) => [row.subscription.id, row.status])).toEqual([[13, 'active']]);
    expect(after.results[0]?.events[0]).toMatchObject({
      kind: 'charge',
      amount: 11920,
      coupon: code,
    });
  });

  test('the logs can be downloaded from the subscription page', async ({ page, newAccount }) => {
    const account = await newAccount('student');
    await signInAs(page, account);
    await page.goto('/subscription');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my logs (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Experience logs.csv');
  });

  test('a supervisor is sent to their own area', async ({ page, supervisor }) => {
    await signInAs(page, supervisor);
    await page.goto('/subscription');
    await expect(page).toHaveURL(/\/supervisor\/signlogs$/);
  });
});

test.describe('signing in with access run out', () => {
  async function signIn(page: Page, account: Account) {
    await page.goto('/login/student');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  test('the trial-expired dialog: Back signs out', async ({ page, request, newAccount }) => {
    const account = await newAccount('student');
    // Eight days later for this account alone: the trial is over.
    await travel(request, account, 8);
    await signIn(page, account);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Looks like your 7 day free trial has expired.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/student$/);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: "I'm a:" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the subscription-expired dialog: Continue goes to the plans', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('student');
    const paid = await request.post('/api/v1/charge-payment/', {
      headers: { authorization: `token ${account.token}` },
      data: { sub_id: 12, token: 'tok_visa', coupon: null, trial: false },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const cancelled = await request.post('/api/v1/modify-subscription/', {
      headers: { authorization: `token ${account.token}` },
      data: { id: (await userSubscriptionsOf(request, account)).results[0]?.id },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    // Past the paid month, with nothing renewing it.
    await travel(request, account, 40);
    expect((await userSubscriptionsOf(request, account)).standing.access).toBe(
      'subscription_expired',
    );

    await signIn(page, account);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Looks like your subscription has expired.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Choose Subscription' })).toBeVisible();
  });

  test('a trainee in their trial goes to the log page as before', async ({ page, newAccount }) => {
    const account = await newAccount('student');
    await signIn(page, account);
    await expect(page.getByText('Successfully logged in')).toBeVisible();
    await expect(page).toHaveURL(/\/student\/logHour$/);
  });
});
