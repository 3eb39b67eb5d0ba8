import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';
import { INTENT_CHECKBOX_LABEL } from '../../../src/client/features/contracts/components/sign-contract-modal';
import { CONTRACT_INTENT } from '../../../src/shared/contracts/contract.schema';
import { formatUsDate } from '../../../src/shared/logs/time';
import { todayIn } from '../../../src/shared/logs/time-zone';
import {
  authHeader,
  BROWSER_TIME_ZONE,
  expect,
  expectNoHorizontalScroll,
  expectStill,
  type Account,
} from './fixtures';
import { waitForToastsToClose } from './forms';

/*
 * What the contracts spec shares (issue 39): the day a signature is dated, the screenshots with
 * their axe pass, signing in the dialog, and a contract already in force (made through the API).
 */

mkdirSync('docs/screenshots', { recursive: true });

export const ACTIVITIES_LABEL = /^Activities and training objectives/;
export const ACTIVITIES =
  'Zoë runs discrete-trial teaching for two clients at the clinic, graphs their data weekly and ' +
  'writes one skill-acquisition plan a month.';

/** Today where the browsers (and so the accounts) live: the day a signature is dated. */
export const today = () => todayIn(new Date(), BROWSER_TIME_ZONE);

/** Axe's serious and critical findings on the screen as it is (none expected). */
async function expectNoSeriousAxe(page: Page, where: string) {
  await expectStill(page);
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
}

/**
 * The page at 1280 px and at 375 px (no sideways scroll, nothing serious for axe), kept as
 * docs/screenshots/contract-*:
 * the whole page from its top, or (a dialog open) the screen as it is.
 */
export async function shoot(page: Page, name: string, options: { isDialog?: boolean } = {}) {
  await waitForToastsToClose(page);
  const take = async (width: number) => {
    if (!options.isDialog) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `docs/screenshots/contract-${name}-${width}.png`,
      fullPage: !options.isDialog,
    });
    await expectNoSeriousAxe(page, `${name} at ${width} px`);
  };
  await take(1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await take(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Opens the sign dialog from the signers list, types the name, confirms, and signs. */
export async function signContract(page: Page, fullName: string, options: { shot?: string } = {}) {
  await page
    .getByRole('list', { name: 'Signers' })
    .getByRole('button', { name: 'Sign', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign the contract' });
  await expect(dialog).toContainText(CONTRACT_INTENT);
  await expect(dialog).toContainText(`Signed on ${formatUsDate(today())}`);
  // Without the explicit box, nothing is sent: the message is under the box.
  await dialog.getByRole('textbox', { name: 'Your full name' }).fill(fullName);
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog).toContainText('Confirm that typing your name signs the contract.');
  await dialog.getByRole('checkbox', { name: INTENT_CHECKBOX_LABEL }).check();
  if (options.shot) await shoot(page, options.shot, { isDialog: true });
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const IdSchema = z.object({ id: z.number() });

/** The trainee's contract in force with their record, made through the API (drafted, signed). */
export async function contractInForce(
  request: APIRequestContext,
  trainee: Account & { supervisorRecord: number },
  supervisor: Account,
): Promise<number> {
  const send = async (who: Account, method: 'POST' | 'PUT', url: string, data: object) => {
    const response = await request.fetch(url, { method, headers: authHeader(who), data });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json() as Promise<unknown>;
  };
  const { id } = IdSchema.parse(
    await send(trainee, 'POST', '/api/v1/contracts/', {
      trainee_supervisor: trainee.supervisorRecord,
    }),
  );
  const url = `/api/v1/contracts/${id}/versions/1/`;
  // The server keeps the sections not named; the activities are the one left to write.
  const edited = z.object({ versions: z.array(z.object({ revision: z.number() })) }).parse(
    await send(trainee, 'PUT', url, {
      title: 'Supervision contract',
      sections: [{ id: 'activities', body: ACTIVITIES }],
      revision: 1,
    }),
  );
  const revision = edited.versions[0]?.revision ?? 0;
  for (const who of [trainee, supervisor]) {
    await send(who, 'POST', `${url}sign/`, { full_name: who.name, intent: true, revision });
  }
  return id;
}
