import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '../helpers/csv';
import { expect, signInAs, test, travel, type Account, authHeader } from './support/fixtures';
import { fillCard, userSubscriptionsOf } from './support/billing';
import { createLogToday } from './support/logs';

const NOTE = 'Paired choice preference assessment before the paywall';

/** Pays for a plan through the API with the sandbox's Visa test token. */
async function subscribe(request: APIRequestContext, account: Account, planId: number) {
  const response = await request.post('/api/v1/charge-payment/', {
    headers: authHeader(account),
    data: { sub_id: planId, token: 'tok_visa', coupon: null, trial: false },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The overview's figures, by their terms. */
function figure(page: Page, term: string) {
  return page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

async function openOverview(page: Page) {
  await page.goto('/student/dashboard-subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
}

test.describe('the paywall in the browser', () => {
  test('an expired trainee sees the dialog, downloads their logs, resubscribes and finds them intact', async ({
    page,
    request,
    newAccount,
  }) => {
    test.slow();
    const account = await newAccount('student');
    await createLogToday(request, account, NOTE);
    await travel(request, account, 8);
    expect((await userSubscriptionsOf(request, account)).standing.access).toBe('trial_expired');

    await signInAs(page, account);
    await page.goto('/student/logHour');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Looks like your 7 day free trial has expired.')).toBeVisible();
    // The page itself is not shown behind the dialog.
    await expect(page.getByRole('heading', { name: 'Log Experience Hours' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('alert')).toContainText(
      'Looks like your 7 day free trial has expired.',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my logs (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Experience logs.csv');
    const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(NOTE);

    // The trial is over: no trial checkbox; Monthly is paid today.
    await page.getByRole('radio', { name: /Monthly/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Start the 7 day free trial' })).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/payment\?subscription=12&trial=0$/);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Payment received: your subscription is active.')).toBeVisible();

    await expect(page).toHaveURL(/\/student\/logHour$/);
    // The area is open again: the log screen, no dialog, and no welcome (they have logged).
    await expect(page.getByRole('heading', { name: 'Log Experience Hours' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Welcome to Fieldwork Tracker' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Hours that count/ })).toBeVisible();
    expect((await userSubscriptionsOf(request, account)).standing.access).toBe('subscribed');
    const logs = await request.get('/api/v1/experience-log/', { headers: authHeader(account) });
    expect(JSON.stringify(await logs.json())).toContain(NOTE);
  });

  test('a trial trainee is warned in the area with the days left, a plan and the logs download', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('student');
    await travel(request, account, 1);
    await signInAs(page, account);
    await page.goto('/student/dashboard');
    const notice = page.getByRole('region', { name: 'Subscription notice' });
    await expect(notice).toContainText(/Your free trial ends in 6 days \(\w+ \d+, \d{4}\)\./);
    await expect(notice.getByRole('button', { name: 'Download my logs (CSV)' })).toBeVisible();
    await notice.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Choose Subscription' })).toBeVisible();
  });
});

test.describe('the subscription pages', () => {
  test('cancelling keeps access until the plan ends, then the area closes', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount('student');
    await subscribe(request, account, 12);
    await signInAs(page, account);
    await page.goto('/student/dashboard');
    await page.getByRole('link', { name: 'Subscription', exact: true }).click();
    await expect(page).toHaveURL(/\/student\/dashboard-subscription$/);

    const plan = page.getByRole('region', { name: 'Monthly' });
    await expect(plan.getByText('Current plan')).toBeVisible();
    await expect(plan.getByText('$14.99 per month')).toBeVisible();
    await expect(figure(page, 'Days remaining')).toHaveText(/^(28|29|30|31)$/);
    await expect(figure(page, 'Next payment')).toHaveText(/^\w+ \d+, \d{4} \(\$14\.99\)$/);
    await expect(figure(page, 'Card')).toHaveText('Visa •••• 4242');

    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await expect(dialog.getByText('Are you sure you want to unsubscribe?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('Successfully Canceled Subscription')).toBeVisible();

    await expect(
      plan.getByText(/^Cancelled\. Your access continues until \w+ \d+, \d{4}/),
    ).toBeVisible();
    await expect(figure(page, 'Next payment')).toHaveText('None: cancelled');
    await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toBeHidden();
    const history = page.getByRole('table', { name: 'Billing history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Cancelled');
    await expect(history.getByRole('row').nth(2)).toContainText('Payment');
    expect((await userSubscriptionsOf(request, account)).standing.access).toBe('subscribed');

    // Still the trainee's area until the month is over.
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await travel(request, account, 32);
    await page.goto('/student/dashboard');
    await expect(
      page.getByRole('dialog').getByText('Looks like your subscription has expired.'),
    ).toBeVisible();
  });

  test('a trainee changes from Monthly to Yearly', async ({ page, request, newAccount }) => {
    const account = await newAccount('student');
    await subscribe(request, account, 12);
    await signInAs(page, account);
    await openOverview(page);
    await page.getByRole('link', { name: 'Change subscription plan' }).click();

    await expect(page).toHaveURL(/\/student\/subscription-screen-dashbard$/);
    const plans = page.getByRole('radiogroup', { name: 'Change plan' });
    await expect(plans.getByRole('radio', { name: /Monthly/ })).toContainText('Current plan');
    await expect(page.getByText('Coming soon! Graduate plan')).toBeVisible();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a subscription plan');
    await plans.getByRole('radio', { name: /Yearly/ }).click();
    await page.getByRole('button', { name: 'Update' }).click();

    await expect(page).toHaveURL(/\/student\/payment-screen-dashbard\?subscription=13$/);
    await expect(page.getByText('Yearly: $149.00 per year')).toBeVisible();
    await expect(page.getByText(/What is left of your current plan is credited/)).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Successfully Updated Subscription')).toBeVisible();

    await expect(page).toHaveURL(/\/student\/dashboard-subscription$/);
    const plan = page.getByRole('region', { name: 'Yearly' });
    await expect(plan.getByText('Current plan')).toBeVisible();
    await expect(figure(page, 'Days remaining')).toHaveText(/^(365|366)$/);
    const history = page.getByRole('table', { name: 'Billing history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Plan changed');
    expect((await userSubscriptionsOf(request, account)).results[0]?.subscription.name).toBe(
      'Yearly',
    );
  });

  test('a trainee changes their card', async ({ page, request, newAccount }) => {
    const account = await newAccount('student');
    await subscribe(request, account, 13);
    await signInAs(page, account);
    await openOverview(page);
    await page.getByRole('link', { name: 'Update payment method' }).click();

    await expect(page).toHaveURL(/\/student\/subscription\/update-payment-method$/);
    await expect(page.getByTestId('card-on-file')).toHaveText('Visa •••• 4242');
    await expect(page.getByText('Test mode')).toBeVisible();
    await fillCard(page, '5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Successfully Updated Payment Method')).toBeVisible();

    await expect(page).toHaveURL(/\/student\/dashboard-subscription$/);
    await expect(figure(page, 'Card')).toHaveText('Mastercard •••• 4444');
    const history = page.getByRole('table', { name: 'Billing history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Card changed');
  });

  test('a trainee in their trial has no active plan yet', async ({ page, newAccount }) => {
    const account = await newAccount('student');
    await signInAs(page, account);
    await openOverview(page);
    await expect(page.getByRole('heading', { name: 'No Active Plan.' })).toBeVisible();
    await expect(page.getByText(/You are on the 7 day free trial until/)).toBeVisible();
    await expect(figure(page, 'Days remaining')).toHaveText('--');
    await expect(page.getByText('No payments yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Choose subscription plan' }).click();
    await expect(page).toHaveURL(/\/student\/subscription-screen-dashbard$/);
  });
});
