import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, signInAs, test } from './support/fixtures';
import { linkSupervisor, logFourHours } from './support/forms';

/*
 * Issue 39 part 2 (docs/decisions/033-start-of-fieldwork.md), BCBA Handbook "Starting Fieldwork":
 * "Trainees may not begin accumulating fieldwork hours until they have … developed and signed a
 * supervision contract with each supervisor". A trainee with hours and no contract on record is
 * asked once and loses nothing; once contracts decide, the home says which hours wait for which
 * contract, and the log form warns before saving an entry that would wait.
 */

mkdirSync('.tmp/screenshots', { recursive: true });

function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/start-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `.tmp/screenshots/start-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('no contract on record: the home asks once, and "Not now" changes nothing', async ({
  page,
  request,
  newAccount,
}) => {
  const trainee = await newAccount('student', { name: 'Noor Haddad' });
  const dana = await newAccount('supervisor', { name: 'Dana Reyes' });
  const record = await linkSupervisor(request, trainee, dana, ['Dana', 'Reyes']);
  await logFourHours(request, trainee, record, `${lastMonth()}-03`);

  await signInAs(page, trainee);
  await page.goto('/student/logHour');
  const ask = page.getByRole('alert').filter({ hasText: 'Record your supervision contracts' });
  await expect(ask).toContainText('Until you record one, your hours count as they do now.');
  await expect(ask.getByRole('link', { name: 'Supervision contracts' })).toHaveAttribute(
    'href',
    '/student/contracts',
  );
  await shoot(page, 'ask');
  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log Experience Hours' })).toBeVisible();
  await expect(page.getByText('Record your supervision contracts')).toBeHidden();
});

test('once contracts decide, the home says what waits for which contract and the log form warns before saving', async ({
  page,
  request,
  newAccount,
}) => {
  const trainee = await newAccount('student', { name: 'Rae Quinn' });
  const dana = await newAccount('supervisor', { name: 'Dana Reyes' });
  const record = await linkSupervisor(request, trainee, dana, ['Dana', 'Reyes']);
  await logFourHours(request, trainee, record, `${lastMonth()}-03`);
  await logFourHours(request, trainee, record, `${lastMonth()}-04`);

  await signInAs(page, trainee);
  await page.goto('/student/logHour');
  const ask = page.getByRole('alert').filter({ hasText: 'Record your supervision contracts' });
  await ask.getByRole('button', { name: 'Count only hours under a contract' }).click();
  const waiting = page
    .getByRole('alert')
    .filter({ hasText: 'Hours waiting for a supervision contract' });
  await expect(waiting).toContainText(
    'Sign the supervision contract with Dana Reyes: 8 hours wait for it.',
  );
  await expect(ask).toBeHidden();

  // The only supervisor is chosen on a new entry: today's entry would wait for the contract too.
  const warning = page.getByRole('status').filter({ hasText: 'This entry may not count' });
  await expect(warning).toContainText(
    'There is no signed supervision contract with Dana Reyes on record: this entry will wait for one',
  );
  await shoot(page, 'waiting');

  // The dashboard holds the hours apart with the same reason.
  await page.goto('/student/dashboard');
  await expect(page.getByTestId('sidebar-counted')).toContainText('Hours that count: 0');
  await expect(page.getByText(/8 hours wait for it/).first()).toBeVisible();
});
