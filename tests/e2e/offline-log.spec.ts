import { mkdirSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { authHeader, expect, signInAs, test, type Account } from './support/fixtures';

/*
 * The log form offline (decision 023): an entry saved without a connection waits on the device,
 * survives a reload served by the service worker, and is sent once when the connection returns;
 * one the server refuses meanwhile is shown to be resolved.
 */

mkdirSync('docs/screenshots', { recursive: true });

/** The trainee's today in the browser's time zone (the form's default date). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
const [year, month, day] = today.split('-').map(Number);
const usToday = `${month}/${day}/${year}`;

/** Chromium logs each request the offline browser could not make, and each refused one. */
const OFFLINE_LOGS = /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|status of 400/;

async function addSupervisor(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(account),
    data: { name: 'Dana', lastname: 'Reyes', email: `dana.${account.email}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function logsOfToday(request: APIRequestContext, account: Account) {
  const response = await request.get(`/api/v1/experience-log/?date_of_experience=${today}`, {
    headers: authHeader(account),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { time_of_expereince_start: string }[] }).results;
}

function field(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

type Fixtures = {
  page: Page;
  request: APIRequestContext;
  newAccount: (role: 'student') => Promise<Account>;
  allowConsoleError: (pattern: RegExp) => void;
};

/**
 * A new trainee with a supervisor, at the log form once the service worker controls the page
 * (and kept the supervisor list on a second visit). Chromium's logs of the requests made offline
 * are expected.
 */
async function traineeAtTheLogForm(fixtures: Fixtures): Promise<Account> {
  const { page, request, newAccount, allowConsoleError } = fixtures;
  allowConsoleError(OFFLINE_LOGS);
  const account = await newAccount('student');
  await addSupervisor(request, account);
  await signInAs(page, account);
  await page.evaluate(() => localStorage.setItem('welcomeSeen', 'true'));
  await page.goto('/student/logHour');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first install takes the open page (clientsClaim): its lazy chunks come from the cache.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // A second visit, as the trainee's next one: the worker keeps the supervisor list it answers.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Supervisor', exact: true })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Supervisor', exact: true })).toHaveAttribute(
    'placeholder',
    'Choose your supervisor',
  );
  return account;
}

/** A 'No supervision' entry of today between the given times. */
async function fillEntry(page: Page, start: string, end: string): Promise<void> {
  await choose(page, page, 'Experience Type', 'Supervised Fieldwork');
  await choose(page, page, 'Setting', 'Clinic');
  await choose(page, page, 'Supervisor', 'Dana Reyes');
  await field(page, 'Start Time').fill(start);
  await field(page, 'End Time').fill(end);
  await field(page, 'Unrestricted Hours').fill('1');
  await page.getByRole('radio', { name: 'No supervision' }).check();
  const tasks = page.getByRole('combobox', { name: 'Test Content Outline' });
  await tasks.fill('b.1');
  await page.getByRole('option', { name: /^B\.1 / }).click();
  await page.keyboard.press('Escape');
  await field(page, 'Experience Notes').fill('Data collection at the clinic, offline.');
}

/** Fills an entry, goes offline and saves it. */
async function saveOffline(page: Page, context: BrowserContext, start: string, end: string) {
  await fillEntry(page, start, end);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save' }).click();
}

const waiting = (page: Page) => page.getByRole('region', { name: /^Waiting to send/ });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /device|sent/ });

test.describe('logging offline', () => {
  test('an entry saved offline waits, survives a reload, and is sent once when back online', async ({
    page,
    context,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    test.slow();
    const trainee = await traineeAtTheLogForm({ page, request, newAccount, allowConsoleError });

    await saveOffline(page, context, '09:00', '11:00');
    await expect(status(page)).toHaveText(
      'Saved on this device. It will be sent when you are back online.',
    );
    await expect(waiting(page).getByRole('heading')).toHaveText('Waiting to send (1)');
    await expect(waiting(page)).toContainText(`${usToday}, 09:00–11:00 · 2 h`);
    await expect(field(page, 'Experience Notes')).toHaveValue('');

    // Offline, the page still opens (from the service worker) with the entry still waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log Experience Hours' })).toBeVisible();
    await expect(waiting(page).getByRole('heading')).toHaveText('Waiting to send (1)');
    // The supervisor list the worker kept for this session: another entry can be written.
    await page.getByRole('combobox', { name: 'Supervisor', exact: true }).click();
    await expect(page.getByRole('option', { name: 'Dana Reyes', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect(status(page)).toHaveText(`Your entry of ${usToday} was sent.`);
    await expect(waiting(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: `${usToday}, 09:00–11:00` })).toHaveCount(1);
    expect(
      (await logsOfToday(request, trainee)).map((log) => log.time_of_expereince_start),
    ).toEqual(['09:00']);

    // Signing out drops the supervisor list the worker kept for the session.
    expect(await page.evaluate(() => caches.has('offline-session-v1'))).toBe(true);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => caches.has('offline-session-v1'))).toBe(false);
  });

  test('an entry the server refuses meanwhile is shown, edited and sent', async ({
    page,
    context,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    test.slow();
    const trainee = await traineeAtTheLogForm({ page, request, newAccount, allowConsoleError });

    await saveOffline(page, context, '10:00', '11:00');
    await expect(waiting(page).getByRole('heading')).toHaveText('Waiting to send (1)');

    // Meanwhile, from another device, a log of 09:00–12:00 the same day.
    const records = await request.get('/api/v1/trainee-supervisors/', {
      headers: authHeader(trainee),
    });
    const [record] = ((await records.json()) as { results: { id: number }[] }).results;
    const other = await request.post('/api/v1/experience-log/', {
      headers: authHeader(trainee),
      data: createLogPayload({
        supervisor: record?.id,
        trainee_supervisor: record?.id,
        date_of_experience: today,
      }),
    });
    expect(other.status(), await other.text()).toBe(201);

    await context.setOffline(false);
    const refused = waiting(page).getByRole('alert');
    await expect(refused).toContainText('The server did not accept this entry');
    await expect(refused).toContainText(`This entry overlaps your log of ${usToday}, 09:00–12:00.`);
    await waiting(page).screenshot({ path: 'docs/screenshots/offline-log.png' });

    // Resolved: moved to the afternoon and sent again.
    await waiting(page)
      .getByRole('button', { name: /^Edit the entry/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit the entry waiting to send' });
    await field(dialog, 'Start Time').fill('13:00');
    await field(dialog, 'End Time').fill('14:00');
    await dialog.getByRole('button', { name: 'Save and send' }).click();
    await expect(status(page)).toHaveText(`Your entry of ${usToday} was sent.`);
    await expect(waiting(page)).toHaveCount(0);
    const starts = (await logsOfToday(request, trainee)).map((log) => log.time_of_expereince_start);
    expect(starts.sort()).toEqual(['09:00', '13:00']);
  });
});
