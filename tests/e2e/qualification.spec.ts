import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfBytes } from '../helpers/file-fixtures';
import { chooseByKeyboard } from './support/files';
import { logFourHours } from './support/forms';
import { expect, expectNoHorizontalScroll, signInAs, test } from './support/fixtures';

/*
 * Issue 39 parts 3 and 4: the supervisor records their qualification (BCBA Handbook, "Supervisor
 * Qualifications") and a consultation; the trainee records their pathway and first class
 * ("Starting Fieldwork") and sees their supervisor's warnings. 15 April 2026: the supervisor,
 * certified on 15 September 2025, is in their first year; the trainee logged in March.
 */
test.use({ clockAt: '2026-04-15T15:00:00Z' });
mkdirSync('.tmp/screenshots', { recursive: true });

async function fillDate(page: Page, label: string, value: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(value);
  await field.press('Tab');
}

/** The screen at both widths, each region named shot on its own (as a reader looks at it). */
async function screenshots(page: Page, name: string, regions: string[]) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoHorizontalScroll(page);
    for (const region of regions) {
      const slug = region.toLowerCase().replace(/[^a-z]+/g, '-');
      await page
        .getByRole('region', { name: region })
        .screenshot({ path: `.tmp/screenshots/qualification-${name}-${slug}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the supervisor records their qualification, the certificate and a consultation', async ({
  page,
  request,
  pair,
}) => {
  const { supervisor, trainee } = pair;
  await logFourHours(request, trainee, trainee.supervisorRecord, '2026-03-10');
  await signInAs(page, supervisor);
  await page.goto('/supervisor/profile-screen');

  const qualification = page.getByRole('region', { name: 'Supervisor qualification' });
  await qualification.getByRole('button', { name: 'Update qualification' }).click();
  await fillDate(page, 'BACB certification date', '2025-09-15');
  await fillDate(page, '8-hour supervision training completed', '2025-08-01');
  await qualification
    .getByRole('textbox', { name: 'Consulting supervisor', exact: true })
    .fill('Cora Consultant');
  await qualification
    .getByRole('textbox', { name: "Consulting supervisor's BACB ID" })
    .fill('1-11-11111');
  await qualification.getByRole('button', { name: 'Save qualification' }).click();
  await expect(qualification.getByText('September 15, 2025')).toBeVisible();
  await expect(qualification.getByText('Cora Consultant')).toBeVisible();
  await expect(qualification.getByText('First year of certification')).toBeVisible();

  await chooseByKeyboard(page, qualification.getByRole('button', { name: 'Upload certificate' }), {
    name: 'training-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfBytes('8-hour supervision training'),
  });
  await expect(
    qualification.getByRole('button', { name: 'training-certificate.pdf' }),
  ).toBeVisible();

  // March was supervised without a consultation: a warning with the section, until one is added.
  const consultations = page.getByRole('region', { name: 'Consultations' });
  const missing = consultations.getByText(/You supervised fieldwork in March 2026/);
  await expect(missing).toBeVisible();
  await expect(missing).toContainText('(Handbook, "Supervisor Qualifications")');
  await consultations.getByRole('button', { name: 'Add consultation' }).click();
  await fillDate(page, 'Meeting date', '2026-03-20');
  // The consulting supervisor comes from the profile.
  await expect(consultations.getByRole('textbox', { name: 'Their BACB ID' })).toHaveValue(
    '1-11-11111',
  );
  await consultations.getByRole('textbox', { name: 'Notes' }).fill('Reviewed the March plans.');
  await screenshots(page, 'supervisor-adding', ['Consultations']);
  await consultations.getByRole('button', { name: 'Save consultation' }).click();
  await expect(consultations.getByText('Reviewed the March plans.')).toBeVisible();
  await expect(missing).toBeHidden();
  await screenshots(page, 'supervisor', ['Supervisor qualification', 'Consultations']);
});

test('the trainee records their pathway and first class and sees their supervisor’s warnings', async ({
  page,
  request,
  pair,
}) => {
  const { trainee } = pair;
  await logFourHours(request, trainee, trainee.supervisorRecord, '2026-03-10');
  await signInAs(page, trainee);
  await page.goto('/student/profile-screen');

  const pathway = page.getByRole('region', { name: 'Eligibility pathway' });
  await expect(pathway.getByText(/before the first class meeting/)).toHaveCount(0);
  await pathway.getByRole('combobox', { name: 'Pathway' }).click();
  await page.getByRole('option', { name: 'Pathway 2: Behavior-Analytic Coursework' }).click();
  await expect(pathway.getByText(/Hours dated before the first class meeting/)).toContainText(
    '(Handbook, "Starting Fieldwork")',
  );
  // The date is asked for pathways 1 and 2, and refused in the future.
  await pathway.getByRole('button', { name: 'Save pathway' }).click();
  await expect(
    pathway.getByText('Enter the date of the first class meeting (pathways 1 and 2)'),
  ).toBeVisible();
  await fillDate(page, 'First class meeting of your first behavior-analytic course', '2026-01-12');
  await pathway.getByRole('button', { name: 'Save pathway' }).click();
  await expect(page.getByText('Successfully Updated')).toBeVisible();

  // The supervisor's profile has no dates: the warnings say so, with the section.
  const supervisors = page.getByRole('region', { name: 'Your supervisors’ qualifications' });
  await expect(supervisors.getByText('2 warnings')).toBeVisible();
  await expect(
    supervisors.getByText(/BACB certification date is not in their profile/),
  ).toContainText('March 2026');
  await screenshots(page, 'trainee', ['Eligibility pathway', 'Your supervisors’ qualifications']);

  await page.reload();
  await expect(pathway.getByRole('combobox', { name: 'Pathway' })).toHaveValue(
    'Pathway 2: Behavior-Analytic Coursework',
  );
  await expect(
    pathway.getByRole('textbox', {
      name: 'First class meeting of your first behavior-analytic course',
    }),
  ).toHaveValue('2026-01-12');
});
