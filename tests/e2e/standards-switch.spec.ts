import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import {
  type Account,
  authHeader,
  expect,
  expectNoHorizontalScroll,
  signInAs,
  test,
} from './support/fixtures';
import { linkSupervisor, recordPaperForm } from './support/forms';

/*
 * Issue 35: sixteen days before the 2027 switch, a trainee whose October and December each hold
 * one 30-minute observation sees, on the dashboard, Monthly Details and the plan, what the switch
 * costs, which months and why, and what would still mend December. It stands on 15 December 2026,
 * 10:00 in New York.
 */

mkdirSync('.tmp/screenshots', { recursive: true });

test.use({ clockAt: '2026-12-15T15:00:00Z' });

/** Six days of 4 h (1 h individually supervised) from `firstDay`; the first observed 30 minutes. */
async function sixDays(
  request: APIRequestContext,
  trainee: Account,
  record: number,
  month: string,
  firstDay: number,
) {
  for (let day = firstDay; day < firstDay + 6; day += 1) {
    const isObserved = day === firstDay;
    const response = await request.post('/api/v1/experience-log/', {
      headers: authHeader(trainee),
      data: createLogPayload({
        supervisor: record,
        trainee_supervisor: record,
        date_of_experience: `${month}-${String(day).padStart(2, '0')}`,
        time_of_expereince_start: '09:00',
        time_of_expereince_end: '13:00',
        experience_hours: 4,
        unrestricted_hours: 3,
        restricted_hours: 1,
        supervision_start_time: '09:00',
        supervision_end_time: '10:00',
        supervised_hours: 1,
        independant_hours: 3,
        client_observation: isObserved ? 'Yes' : 'No',
        ...(isObserved ? { observation_hours: 0.5 } : {}),
      }),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

test('a trainee sees what the 2027 switch costs, month by month, on the dashboard and the plan', async ({
  page,
  request,
  newAccount,
}) => {
  test.slow();
  const supervisor = await newAccount('supervisor', { name: 'Dana Reyes' });
  const trainee = await newAccount('student', { name: 'Olive Park' });
  const record = await linkSupervisor(request, trainee, supervisor);
  await sixDays(request, trainee, record, '2026-10', 5);
  await sixDays(request, trainee, record, '2026-12', 1);
  await recordPaperForm(request, trainee, record, '2026-10');

  await signInAs(page, trainee);
  await page.goto('/student/dashboard');
  const card = page.getByRole('region', { name: 'From 1/1/2027: the 2027 standards' });
  await expect(card).toBeVisible();
  await expect(
    card.getByText(
      'From 1/1/2027 the 2027 standards take 48 hours from your record, in 2 months: 48 count under the 2022 standards, 0 under the 2027 standards.',
    ),
  ).toBeVisible();
  const months = card.getByRole('list', { name: 'Months the 2027 standards count differently' });
  await expect(months.getByRole('listitem')).toHaveCount(2);
  const december = months.getByRole('listitem').nth(0);
  await expect(december).toContainText('December 2026');
  await expect(december).toContainText('In progress');
  await expect(december).toContainText(
    '24 h under the 2022 standards, 0 h under the 2027 standards',
  );
  await expect(december).toContainText('2027 standards: observation 30 of 60 minutes');
  await expect(december).toContainText(
    'To count it under the 2027 standards: 30 more observation minutes with your supervisor by 12/31/2026',
  );
  await expect(months.getByRole('listitem').nth(1)).toContainText('October 2026');
  // Read by the 2027 standards now: 48 h logged, none of them count.
  await expect(
    page.getByRole('heading', { name: 'Hours that count: 0 of 48 logged' }),
  ).toBeVisible();
  await expect(card).toContainText(
    'so you will apply under the 2027 standards: your record is read by them now, 2026 hours included.',
  );

  // Monthly Details: what the other standards count, beside each month.
  const details = page.getByRole('region', { name: 'Monthly Details' });
  await expect(details.getByText('Counted under the 2027 standards.')).toBeVisible();
  await expect(
    details.getByText(
      'Under the 2022 standards: 24 of 24 h count (observation 30 of 60 minutes under the 2027 standards)',
    ),
  ).toHaveCount(2);
  await shoot(page, 'standards-switch-dashboard');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/student/plan');
  const planCard = page.getByRole('region', { name: 'From 1/1/2027: the 2027 standards' });
  await expect(planCard).toContainText('take 48 hours from your record');
  await expect(page.getByText(/Planned under the 2027 standards/)).toBeVisible();
  await shoot(page, 'standards-switch-plan');

  // The forms keep the edition of their months' year, and the page says so once.
  await page.goto('/student/upload');
  await expect(
    page.getByText(/^Each form uses the BACB edition of the year of the months it documents/),
  ).toHaveCount(1);
});
