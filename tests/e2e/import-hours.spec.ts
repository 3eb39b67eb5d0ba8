import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { GENERIC_HEADER } from '../helpers/import-fixtures';
import {
  authHeader,
  expect,
  expectNoHorizontalScroll,
  expectStill,
  signInAs,
  test,
} from './support/fixtures';

/*
 * Importing earlier hours through the screens (issue 14): a spreadsheet of the trainee's own
 * layout, its columns matched once, a preview with the log form's messages, then the import.
 */

mkdirSync('.tmp/screenshots', { recursive: true });

const row = (day: string, from: string, to: string, supervisor = 'Dana Reyes') =>
  `${day},${from},${to},Supervised,${supervisor},Supervised,Individual,Unrestricted,Clinic,In Person,Yes,Individual meeting,A.1; B.2,Earlier hours ${day}`;
const csv = (...rows: string[]) => Buffer.from([GENERIC_HEADER, ...rows].join('\r\n'));

/** Both widths, for the report and a look: 1280 then 375. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectStill(page);
    if (width === 375) await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `.tmp/screenshots/import-hours-${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const choose = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });

test('a trainee imports earlier hours from a spreadsheet of their own through the screens', async ({
  page,
  request,
  newAccount,
}) => {
  const account = await newAccount('student');
  const record = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(account),
    data: { name: 'Dana', lastname: 'Reyes', email: 'dana.import@example.com' },
  });
  expect(record.status()).toBe(201);
  await signInAs(page, account);
  await page.goto('/student/logHour');
  await page.getByRole('link', { name: 'Import hours' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1: choose a file' })).toBeFocused();
  await shoot(page, 'upload');

  // A file with a wrong supervisor: the mapping is guessed from the headers, the preview says why.
  await choose(
    page,
    'earlier.csv',
    csv(
      row('2026-10-05', '09:00', '12:00'),
      row('2026-10-06', '9:00 AM', '11:30 AM', 'Someone Else'),
    ),
  );
  await expect(page.getByRole('heading', { name: 'Step 2: match your columns' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Date' })).toHaveValue('Day');
  await expect(page.getByRole('combobox', { name: 'Notes' })).toHaveValue('Notes');
  await shoot(page, 'map');
  await page.getByRole('button', { name: 'Preview rows' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3: check every row' })).toBeFocused();
  await expect(page.getByText('Supervisor: Choose one of your supervisors')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 1 log' })).toBeDisabled();
  await shoot(page, 'preview-errors');

  // The corrected file: the columns chosen are remembered, so they are offered again.
  await page.getByRole('button', { name: 'Choose another file' }).click();
  await choose(
    page,
    'earlier-fixed.csv',
    csv(
      row('2026-10-05', '09:00', '12:00'),
      row('2026-10-06', '9:00 AM', '11:30 AM'),
      row('2026-10-07', '13:00', '15:00'),
    ),
  );
  await expect(page.getByRole('combobox', { name: 'Restricted or unrestricted' })).toHaveValue(
    'Restricted?',
  );
  await page.getByRole('button', { name: 'Preview rows' }).click();
  const table = page.getByRole('table', { name: /earlier-fixed\.csv: 3 rows/ });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByText('10/6/2026, 09:00–11:30')).toBeVisible();
  // The numbers are the file's lines, and the page says so (issue 28).
  await expect(table.getByRole('columnheader', { name: 'Line' })).toBeVisible();
  await expect(table).toHaveAccessibleDescription(
    'Each row is numbered by its line in your file: line 1 is the header, so the first entry is line 2.',
  );
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('2');
  await shoot(page, 'preview');

  await page.getByRole('button', { name: 'Import 3 logs' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 logs imported.' })).toBeVisible();
  await shoot(page, 'done');

  const logs = await request.get('/api/v1/experience-log/', { headers: authHeader(account) });
  const body = (await logs.json()) as { count: number; results: { status: string }[] };
  expect(body.count).toBe(3);
  expect(body.results.map((log) => log.status)).toEqual(['pending', 'pending', 'pending']);

  // The logs of the month imported into, the new ones marked; not the whole record (issue 28).
  await page.getByRole('link', { name: 'View your logs' }).click();
  await expect(page).toHaveURL(/\/student\/imported-logs\/2026-10$/);
  await expect(page.getByRole('heading', { name: 'Your logs of October 2026' })).toBeVisible();
  const entries = page.getByRole('region', { name: 'Entries in October 2026' });
  await expect(entries.getByRole('listitem')).toHaveCount(3);
  await expect(entries.getByRole('listitem').filter({ hasText: 'Just imported' })).toHaveCount(3);
  await expect(entries.getByRole('link', { name: '10/6/2026, 09:00–11:30' })).toBeVisible();
  // Axe reads this screen in accessibility.spec.ts (the trainee's logging journey).
  await shoot(page, 'view-logs');
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1600);
});

test('a "Supervision" column holding Individual / No supervision is read as individual or group', async ({
  page,
  newAccount,
}) => {
  const account = await newAccount('student');
  await signInAs(page, account);
  await page.goto('/student/import-hours');
  await choose(
    page,
    'own-names.csv',
    Buffer.from(
      [
        'Date of service,Time in,Time out,Supervision,Comments',
        '2026-10-05,09:00,12:00,Individual,Parent training',
        '2026-10-06,09:00,11:00,No supervision,Data entry',
      ].join('\r\n'),
    ),
  );
  await expect(page.getByRole('heading', { name: 'Step 2: match your columns' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Date' })).toHaveValue('Date of service');
  await expect(page.getByRole('combobox', { name: 'Start time', exact: true })).toHaveValue(
    'Time in',
  );
  await expect(page.getByRole('combobox', { name: 'End time', exact: true })).toHaveValue(
    'Time out',
  );
  await expect(page.getByRole('combobox', { name: 'Individual or group' })).toHaveValue(
    'Supervision',
  );
  await expect(page.getByRole('combobox', { name: 'Notes' })).toHaveValue('Comments');
  await shoot(page, 'own-names');
});
