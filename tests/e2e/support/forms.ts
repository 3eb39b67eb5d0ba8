import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import type { FvfVariantId } from '../../../src/server/features/forms/fvf/fvf-fields';
import { buildFvfTemplate } from '../../../src/server/features/forms/fvf/fvf-template.fixture';
import { createLogPayload } from '../../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../../src/shared/logs/log-entry.schema';
import { addMonths } from '../../../src/shared/logs/time';
import { pdfBytes } from '../../helpers/file-fixtures';
import { chooseByKeyboard } from './files';
import { acceptRequestFrom, authHeader, expect, signInAs, type Account } from './fixtures';

/*
 * What the official-forms specs share: a supervisor record linked to the supervisor's account,
 * a log, installing a blank form from the page, the supervisor's way to the trainee, signing in
 * the sign modal, and waiting for toasts to go before axe reads the page.
 */

/** The trainee's supervisor record with the supervisor's email, which the supervisor accepts. */
export async function linkSupervisor(
  request: APIRequestContext,
  trainee: Account,
  supervisor: Account,
  [name, lastname] = ['Sloane', 'Signer'],
) {
  const created = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(trainee),
    data: { name, lastname, email: supervisor.email },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptRequestFrom(request, supervisor, trainee);
  return z.object({ id: z.number() }).parse(await created.json()).id;
}

/** One log on `date`: 4 h, 1 of them individually supervised with an observation; its id. */
export async function logFourHours(
  request: APIRequestContext,
  trainee: Account,
  record: number,
  date: string,
  overrides: Partial<LogEntryWire> = {},
): Promise<number> {
  const response = await request.post('/api/v1/experience-log/', {
    headers: authHeader(trainee),
    data: createLogPayload({
      supervisor: record,
      trainee_supervisor: record,
      date_of_experience: date,
      time_of_expereince_start: '09:00',
      time_of_expereince_end: '13:00',
      experience_hours: 4,
      unrestricted_hours: 3,
      restricted_hours: 1,
      individual_or_group: 'Individual',
      supervision_start_time: '09:00',
      supervision_end_time: '10:00',
      supervised_hours: 1,
      independant_hours: 3,
      ...overrides,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return z.object({ id: z.number() }).parse(await response.json()).id;
}

/** The supervisor approves a log of their trainee's (as from the review page, tested there). */
export async function approveLog(request: APIRequestContext, supervisor: Account, log: number) {
  const response = await request.post('/api/v1/flag-log/', {
    headers: authHeader(supervisor),
    data: { log_id: log, is_approved: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Records `month`'s form with the supervisor record as signed on paper on the 10th of the next
 * month (in time): a month past its deadline without it has its hours at risk (decision 024).
 */
export async function recordPaperForm(
  request: APIRequestContext,
  trainee: Account,
  record: number,
  month: string,
) {
  const response = await request.post('/api/v1/month-forms/paper/', {
    headers: authHeader(trainee),
    multipart: {
      month,
      trainee_supervisor: String(record),
      expereince_type: '1',
      signed_on: `${addMonths(month, 1)}-10`,
      document: { name: 'signed.pdf', mimeType: 'application/pdf', buffer: await pdfBytes() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Waits for the toasts to close by themselves (5 s at most), so axe reads the page, not them. */
export async function waitForToastsToClose(page: Page) {
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** Types the full name, agrees to the attestation and signs in the open sign modal. */
export async function signIn(dialog: Locator, fullName: string) {
  await dialog.getByRole('textbox', { name: 'Your full name' }).fill(fullName);
  await dialog
    .getByRole('checkbox', { name: 'I agree to the attestation above and sign this form' })
    .check();
  // 'Sign late' past the deadline (issue 36).
  await dialog.getByRole('button', { name: /^Sign( late)?$/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * After a fill refused for want of a blank form: checks the alert names `missingText`, installs
 * a test template of `variant` with the keyboard, and waits for '`label` installed'.
 */
export async function installFromAlert(
  page: Page,
  variant: FvfVariantId,
  texts: { missing: string; label: string },
) {
  const missing = page.getByRole('alert').filter({ hasText: 'The blank official form is missing' });
  await expect(missing).toContainText(texts.missing);
  // Words for the trainee, not the operator (issue 36): no FORMS_DIR.
  await expect(missing).toContainText('upload it here once: your forms are filled from it');
  await expect(missing).not.toContainText('FORMS_DIR');
  await chooseByKeyboard(
    page,
    missing.getByRole('button', { name: 'Install the blank BACB form' }),
    {
      name: `blank-${variant}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await buildFvfTemplate(variant)),
    },
  );
  await expect(
    page.getByText(`${texts.label} installed. You can fill the form now.`),
  ).toBeVisible();
}

/** Signs in as the supervisor and opens the trainee's page from their list. */
export async function openTraineeAsSupervisor(page: Page, supervisor: Account, trainee: string) {
  await signInAs(page, supervisor);
  await page.goto('/supervisor/trainees');
  await page
    .getByRole('table', { name: 'Your trainees' })
    .getByRole('link', { name: trainee, exact: true })
    .click();
}
