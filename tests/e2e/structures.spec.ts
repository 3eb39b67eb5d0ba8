import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatMonthYear } from '../../src/shared/logs/time';
import { expect, expectNoHorizontalScroll, signInAs, test } from './support/fixtures';
import { linkSupervisor, logFourHours } from './support/forms';

/*
 * Issue 38 (decision 031), BCBA Handbook "Multiple Settings and/or Supervisors": a trainee with
 * two individual supervisors last month sees, on the dashboard and the Fieldwork Forms page,
 * which structure met what: Ana's 20 h count, Bo's 20 h without an observation count nothing.
 */

mkdirSync('.tmp/screenshots', { recursive: true });

function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
}

const MONTH = lastMonth();
const MONTH_LABEL = formatMonthYear(MONTH);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/structures-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `.tmp/screenshots/structures-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('two structures in one month: each meets the month on its own, and the screens say which met what', async ({
  page,
  request,
  newAccount,
}) => {
  test.slow(); // Ten logs, two pages at two widths.
  const trainee = await newAccount('student', { name: 'Tess Twofold' });
  const ana = await newAccount('supervisor', { name: 'Ana Alder' });
  const bo = await newAccount('supervisor', { name: 'Bo Birch' });
  const a = await linkSupervisor(request, trainee, ana, ['Ana', 'Alder']);
  const b = await linkSupervisor(request, trainee, bo, ['Bo', 'Birch']);
  for (const day of ['02', '03', '04', '05', '06']) {
    await logFourHours(request, trainee, a, `${MONTH}-${day}`);
    await logFourHours(request, trainee, b, `${MONTH}-1${day.slice(1)}`, {
      client_observation: 'No',
    });
  }

  await signInAs(page, trainee);
  await page.goto('/student/dashboard');
  const why = page.locator(`#why-${MONTH}`);
  await expect(why).toContainText('Ana Alder: 20 of 20 h count (met every requirement)');
  await expect(why).toContainText(/Bo Birch: 0 of 20 h count \(missed: [^)]*observation/i);
  await expect(why).toContainText(/Bo Birch: no observation this month: 0 of 20 hours count/i);
  await why.scrollIntoViewIfNeeded();
  await shoot(page, 'dashboard');

  await page.goto('/student/upload');
  const rows = page
    .getByRole('region', { name: 'Monthly verification forms (official M-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: MONTH_LABEL });
  await expect(rows.filter({ hasText: 'Ana Alder' })).toContainText(
    'Counts 20 of 20 h (met every requirement)',
  );
  await expect(rows.filter({ hasText: 'Bo Birch' })).toContainText(
    /Counts 0 of 20 h \(missed: [^)]*observation/i,
  );
  await shoot(page, 'forms');
});
