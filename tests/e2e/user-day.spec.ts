import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, signInAs, test } from './support/fixtures';
import { logFourHours } from './support/forms';

/*
 * Issue 36 "Days are counted in UTC, not in the user's day": at 21:30 on 30 November in New York
 * (02:30 UTC on 1 December) October's form, due 30 November, is due today for a trainee who lives
 * there, not a day overdue. The browser (Playwright's zone is America/New_York) reports its zone
 * after sign-in; the profile shows it and changes it, and the deadline follows.
 */

mkdirSync('.tmp/screenshots', { recursive: true });

test.use({ clockAt: '2026-12-01T02:30:00Z' });

/** October's row in the official forms section. */
function octoberRow(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Monthly verification forms (official M-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: 'October 2026' });
}

test('a trainee’s deadline is counted in their own day, the zone shown and changed on the profile', async ({
  page,
  request,
  pair,
}) => {
  test.slow(); // The profile and the forms page, twice.
  const { trainee } = pair;
  await logFourHours(request, trainee, trainee.supervisorRecord, '2026-10-02');

  await signInAs(page, trainee);
  await page.goto('/student/profile-screen');
  const section = page.getByRole('region', { name: 'Time zone' });
  const select = section.getByRole('combobox', { name: 'Your time zone' });
  // The account had none: the browser's was reported once it was signed in.
  await expect(select).toHaveValue('America/New York (GMT-5)');
  await expect(section).toContainText('Today there: 11/30/2026');
  await expect(section.getByText('No time zone yet')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: '.tmp/screenshots/user-day-profile-1280.png' });

  await page.goto('/student/upload');
  const row = octoberRow(page);
  await expect(row).toContainText('Sign by 11/30/2026 · Due today');
  await expect(row).not.toContainText('overdue');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screenshots/user-day-forms-1280.png' });

  // Tokyo is already on 1 December: there, the same form is a day overdue.
  await page.goto('/student/profile-screen');
  await select.click();
  await select.fill('tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo (GMT+9)' }).click();
  await expect(page.getByText('Successfully updated!')).toBeVisible();
  await expect(select).toHaveValue('Asia/Tokyo (GMT+9)');
  await expect(section).toContainText('Today there: 12/1/2026');

  await page.goto('/student/upload');
  await expect(row).toContainText('Sign by 11/30/2026 · 1 day overdue');

  // On a phone: the section and the row fit the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screenshots/user-day-forms-375.png' });
  await page.goto('/student/profile-screen');
  await section.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/user-day-profile-375.png' });
});
