import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { formatMonthYear, monthEnd } from '../../src/shared/logs/time';
import {
  authHeader,
  expect,
  expectNoHorizontalScroll,
  failedRequestLog,
  lastMonthUtc,
  signInAs,
  test,
} from './support/fixtures';

mkdirSync('.tmp/screenshots', { recursive: true });

/** The month `count` months after this one (UTC), 'YYYY-MM'. */
function monthsAhead(count: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + count, 1))
    .toISOString()
    .slice(0, 7);
}

async function setFinishDate(page: Page, date: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Finish by' });
  await field.fill(date);
  await field.press('Enter');
  await page.getByRole('button', { name: 'Save plan' }).click();
}

test.describe('plan to a finish date', () => {
  test('a trainee sets a finish date and sees the plan, its chart and its months', async ({
    page,
    request,
    newAccount,
  }) => {
    const trainee = await newAccount('student', { name: 'Paula Planner' });
    // One 4-hour log last month: under the 20-hour minimum, so it counts nothing yet.
    const headers = authHeader(trainee);
    const record = await request.post('/api/v1/trainee-supervisors/', {
      headers,
      data: { name: 'Dana', lastname: 'Reyes', email: 'dana.reyes@example.com' },
    });
    expect(record.status()).toBe(201);
    const { id } = (await record.json()) as { id: number };
    const log = await request.post('/api/v1/experience-log/', {
      headers,
      data: createLogPayload({
        supervisor: id,
        trainee_supervisor: id,
        date_of_experience: `${lastMonthUtc()}-03`,
      }),
    });
    expect(log.status(), await log.text()).toBe(201);

    await signInAs(page, trainee);
    await page.goto('/student/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Plan' })
      .click();
    await expect(page).toHaveURL(/\/student\/plan$/);
    await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible();
    await expect(page.getByText('No finish date yet')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Supervised Fieldwork', exact: true }),
    ).toBeChecked();

    // Two years ahead: within reach with supervised fieldwork alone.
    const target = monthsAhead(23);
    await setFinishDate(page, monthEnd(target));
    const status = page.getByRole('status').filter({ hasText: 'Within reach' });
    await expect(status).toContainText(
      `${formatMonthYear(target)} is within reach: 2000 hours to go in supervised fieldwork`,
    );
    await expect(page.getByText('No finish date yet')).toBeHidden();

    const chart = page.getByRole('region', { name: 'Planned and actual hours' });
    await expect(
      chart.getByRole('img', {
        name: /^Hours that count, added up: 0 so far; the plan reaches 2000 in /,
      }),
    ).toBeVisible();

    const months = page.getByRole('region', { name: 'Month by month' });
    await expect(
      months.getByRole('row', { name: new RegExp(`^${formatMonthYear(lastMonthUtc())} `) }),
    ).toBeVisible();
    const thisMonth = months.getByRole('row', { name: /This month/ });
    await expect(thisMonth.getByRole('cell').first()).toHaveText('0 h');
    const finish = months.getByRole('row', {
      name: new RegExp(`^${formatMonthYear(target)} Target Finish`),
    });
    await expect(finish.getByRole('cell').last()).toHaveText('2000 h');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '.tmp/screenshots/plan-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    // chart.js redraws the canvas at the new width when its resize observer fires.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: '.tmp/screenshots/plan-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Three months ahead is too soon: the earliest month and the rule that bounds it.
    await setFinishDate(page, monthEnd(monthsAhead(2)));
    const tooSoon = page.getByRole('status').filter({ hasText: 'Not by that date' });
    await expect(tooSoon).toContainText(
      new RegExp(
        `${formatMonthYear(monthsAhead(2))} is too soon: at the monthly maximum of (130|160) hours, the earliest you can finish is`,
      ),
    );

    // The plan is kept: a reload shows the saved date.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Finish by' })).toHaveValue(
      monthEnd(monthsAhead(2)),
    );
  });

  test('a finish date in the past is refused under the field', async ({
    page,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    const trainee = await newAccount('student');
    await signInAs(page, trainee);
    await page.goto('/student/plan');
    await setFinishDate(page, '2020-01-31');
    await expect(page.getByText('The finish date must be today or later')).toBeVisible();
    await expect(page.getByText('No finish date yet')).toBeVisible();
  });
});
