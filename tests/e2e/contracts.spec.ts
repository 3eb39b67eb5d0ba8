import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readPdfText } from '../../src/server/adapters/pdf/pdf-text';
import { CONTRACT_MESSAGES } from '../../src/shared/contracts/contract.schema';
import { addDays, formatUsDate } from '../../src/shared/logs/time';
import { pdfBytes } from '../helpers/file-fixtures';
import {
  ACTIVITIES,
  ACTIVITIES_LABEL,
  contractInForce,
  shoot,
  signContract,
  today,
} from './support/contracts';
import { chooseByKeyboard } from './support/files';
import { authHeader, expect, failedRequestLog, signInAs, test } from './support/fixtures';
import { openTraineeAsSupervisor } from './support/forms';

/*
 * Issue 39, BCBA Handbook "Supervision Contract": "Before supervision may begin, the trainee and
 * supervisor(s) must develop and sign a written contract … All parties are required to sign the
 * supervision contract", and "each amendment must be signed and dated by all relevant parties".
 * The trainee drafts it in the app, edits it, both sign it; an amendment the same way; a contract
 * signed on paper is uploaded with its date and signers instead.
 */

test.describe('supervision contracts', () => {
  test('the trainee drafts, edits and signs the contract; the supervisor signs; both see it in force and the PDF reads back', async ({
    page,
    newAccount,
  }) => {
    test.slow(); // Two people, three pages at two widths, a PDF.
    const supervisor = await newAccount('supervisor', { name: 'Dana Reyes' });
    const trainee = await newAccount('student', { name: 'Zoë Ångström', supervisedBy: supervisor });

    await signInAs(page, trainee);
    await page.goto('/student/dashboard');
    await page.getByRole('link', { name: 'Supervision contracts' }).click();
    await expect(
      page.getByRole('heading', { name: 'Supervision contracts', level: 1 }),
    ).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'Dana Reyes' });
    await expect(card).toContainText('No contract');
    await shoot(page, 'list');

    // Drafted from the template, with every element of the Handbook's list.
    await card.getByRole('button', { name: 'Draft contract with Dana Reyes' }).click();
    await expect(
      page.getByRole('heading', { name: 'Supervision contract with Dana Reyes' }),
    ).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    for (const element of [
      'Responsibilities of the supervisor(s) and the trainee',
      'When the supervisor(s) will not sign the M-FVF and F-FVF',
      'Consequences and termination',
      'Written permission of the on-site employer',
      'Attestation to the Code',
      'Keeping the contract and documentation',
    ]) {
      await expect(page.getByRole('textbox', { name: element })).not.toHaveValue('');
    }
    // The activities are the trainee's own: nobody signs before they are written.
    const activities = page.getByRole('textbox', { name: ACTIVITIES_LABEL });
    await expect(activities).toHaveValue('');
    await expect(
      page.getByText(/Write Activities and training objectives before anyone signs/),
    ).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Signers' })
        .getByRole('button', { name: 'Sign', exact: true }),
    ).toHaveCount(0);
    await activities.fill(ACTIVITIES);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await shoot(page, 'editor');

    await signContract(page, 'Zoë Ångström', { shot: 'sign-dialog' });
    await expect(page.getByText('Awaiting signatures (Dana Reyes)')).toBeVisible();
    const signers = page.getByRole('list', { name: 'Signers' });
    await expect(signers).toContainText(`Signed by Zoë Ångström on ${formatUsDate(today())}`);
    // Signed text is fixed: the editor is gone.
    await expect(page.getByRole('textbox', { name: ACTIVITIES_LABEL })).toHaveCount(0);
    await expect(page.getByText(ACTIVITIES)).toBeVisible();

    // The supervisor signs from the trainee's page.
    await openTraineeAsSupervisor(page, supervisor, 'Zoë Ångström');
    await page.getByRole('link', { name: 'Contracts', exact: true }).click();
    const contracts = page.getByRole('region', { name: 'Contracts' });
    await expect(contracts).toBeInViewport();
    await expect(contracts).toContainText('Awaiting signatures (Dana Reyes)');
    await contracts.getByRole('link', { name: 'Open contract with Dana Reyes' }).click();
    await expect(page.getByText(ACTIVITIES)).toBeVisible();
    await signContract(page, 'Dana Reyes');
    const inForce = `In force since ${formatUsDate(today())}`;
    await expect(page.getByText(inForce)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Amend', exact: true })).toBeVisible();
    // Flags are shown to both parties: no 8-hour training date is on record for Dana.
    const trainingFlag = page.getByRole('alert').filter({ hasText: '8-hour supervision training' });
    await expect(trainingFlag).toContainText('Dana Reyes');
    await page.getByRole('link', { name: 'Back to Zoë Ångström' }).click();
    await expect(page.getByRole('region', { name: 'Contracts' })).toContainText(inForce);
    await shoot(page, 'supervisor-trainee');

    // The trainee sees it in force, and the signed PDF names both of them.
    await signInAs(page, trainee);
    await page.goto('/student/contracts');
    await expect(page.getByRole('listitem').filter({ hasText: 'Dana Reyes' })).toContainText(
      inForce,
    );
    await page.getByRole('link', { name: 'Open contract with Dana Reyes' }).click();
    await expect(trainingFlag).toContainText('Dana Reyes');
    const versions = page.getByRole('list', { name: 'Versions' });
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      versions.getByRole('button', { name: 'Download PDF of v1 (original)' }).click(),
    ]);
    const bytes = readFileSync(await saved.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await readPdfText(bytes)).flat().join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('Dana Reyes');
    expect(text).toContain(ACTIVITIES);
    await expect(page.getByRole('list', { name: 'History' })).toContainText(
      'v1 (original) signed by everyone',
    );
    await shoot(page, 'in-force');
  });

  test('an amendment is drafted, edited and signed by both; the original stays listed', async ({
    page,
    request,
    pair,
  }) => {
    test.slow();
    const { trainee, supervisor } = pair;
    const id = await contractInForce(request, trainee, supervisor);

    await signInAs(page, trainee);
    await page.goto(`/student/contracts/${id}`);
    const inForce = `In force since ${formatUsDate(today())}`;
    await expect(page.getByText(inForce)).toBeVisible();
    await page.getByRole('button', { name: 'Amend', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: 'Signatures · v2 (amendment 1)' }),
    ).toBeVisible();
    await expect(page.getByText('Amendment v2: draft, nobody has signed it yet')).toBeVisible();
    const changed = `${ACTIVITIES} From June, also parent training for one family.`;
    await page.getByRole('textbox', { name: ACTIVITIES_LABEL }).fill(changed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await signContract(page, trainee.name);
    await expect(page.getByText(/Amendment v2 awaiting signatures/)).toBeVisible();

    await openTraineeAsSupervisor(page, supervisor, trainee.name);
    await page
      .getByRole('region', { name: 'Contracts' })
      .getByRole('link', { name: /^Open contract with/ })
      .click();
    await expect(page.getByText(changed)).toBeVisible();
    await signContract(page, supervisor.name);
    await expect(page.getByText(/Amendment v2/)).toHaveCount(0);
    // Still in force from the original's day; both versions kept, each with its PDF.
    await expect(page.getByText(inForce)).toBeVisible();
    const versions = page.getByRole('list', { name: 'Versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    for (const label of ['v1 (original)', 'v2 (amendment 1)']) {
      await expect(
        versions.getByRole('button', { name: `Download PDF of ${label}` }),
      ).toBeVisible();
    }
    // The original reads as it was signed.
    await versions.getByRole('button', { name: 'View v1 (original)' }).click();
    await expect(page.getByRole('heading', { name: 'Signatures · v1 (original)' })).toBeVisible();
    await expect(page.getByText(ACTIVITIES, { exact: true })).toBeVisible();
    await expect(page.getByText(changed)).toHaveCount(0);

    // The supervisor ends it ("proper termination of the relationship"): both see the end.
    await page.getByRole('button', { name: 'End contract' }).click();
    const end = page.getByRole('dialog', { name: 'End the contract' });
    await end.getByRole('button', { name: 'End contract' }).click();
    await expect(end).toContainText('Say why the contract ends.');
    await end
      .getByRole('textbox', { name: 'Why it ends' })
      .fill('The trainee moves to another clinic.');
    await end.getByRole('button', { name: 'End contract' }).click();
    await expect(end).toBeHidden();
    const ended = `Ended ${formatUsDate(today())}`;
    await expect(page.getByText(ended, { exact: true })).toBeVisible();
    await expect(page.getByText(/The trainee moves to another clinic\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Amend', exact: true })).toHaveCount(0);
    await signInAs(page, trainee);
    await page.goto('/student/contracts');
    // Hours after the end need a new contract: the card offers one again.
    const card = page.getByRole('listitem').filter({ hasText: ended });
    await expect(card.getByRole('button', { name: /^Draft contract with/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /ended/ })).toBeVisible();
  });

  test('a draft nobody signed is discarded', async ({ page, pair }) => {
    await signInAs(page, pair.trainee);
    await page.goto('/student/contracts');
    await page.getByRole('button', { name: /^Draft contract with/ }).click();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page
      .getByRole('dialog', { name: 'Discard this draft?' })
      .getByRole('button', { name: 'Discard draft' })
      .click();
    await expect(page).toHaveURL(/\/student\/contracts$/);
    await expect(page.getByRole('listitem').filter({ hasText: 'No contract' })).toBeVisible();
  });

  test('a contract signed on paper is uploaded with its date and signers, and is in force from that date', async ({
    page,
    pair,
  }) => {
    const { trainee } = pair;
    const signedOn = addDays(today(), -20);
    await signInAs(page, trainee);
    await page.goto('/student/contracts');
    await page.getByRole('button', { name: /^Upload a signed contract with/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a signed contract' });
    // Nothing chosen: each missing thing is said under its field.
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog).toContainText('Choose the signed contract: a PDF or a picture of it.');
    await expect(dialog).toContainText('Enter the date the contract was signed.');
    await chooseByKeyboard(page, dialog.getByRole('button', { name: 'Choose file' }), {
      name: 'signed-contract.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes('Supervision contract signed on paper'),
    });
    const date = dialog.getByRole('textbox', { name: 'Date signed' });
    // Typed, not picked; Enter would send the form at once.
    await date.fill(signedOn);
    await date.blur();
    // Who signed starts from the parties; the trainee's name is there.
    await expect(dialog.getByRole('textbox', { name: 'Who signed' })).toHaveValue(
      new RegExp(trainee.name),
    );
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog).toBeHidden();
    const inForce = `In force since ${formatUsDate(signedOn)}`;
    await expect(page.getByRole('listitem').filter({ hasText: inForce })).toBeVisible();
    await page.getByRole('link', { name: /^Open contract with/ }).click();
    await expect(page.getByText(inForce)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Who signed' })).toContainText(trainee.name);
    await expect(
      page
        .getByRole('list', { name: 'Versions' })
        .getByRole('button', { name: /^Download PDF of v1/ }),
    ).toBeVisible();
  });

  test('an edit made elsewhere meanwhile is refused and said; someone outside the structure finds no contract', async ({
    page,
    request,
    pair,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(409));
    allowConsoleError(failedRequestLog(404));
    const { trainee } = pair;
    const drafted = await request.post('/api/v1/contracts/', {
      headers: authHeader(trainee),
      data: { trainee_supervisor: trainee.supervisorRecord },
    });
    expect(drafted.status(), await drafted.text()).toBe(201);
    const { id, user } = z.object({ id: z.number(), user: z.number() }).parse(await drafted.json());

    await signInAs(page, trainee);
    await page.goto(`/student/contracts/${id}`);
    const activities = page.getByRole('textbox', { name: ACTIVITIES_LABEL });
    await expect(activities).toBeVisible();
    // Meanwhile, the same contract is edited in another tab.
    const elsewhere = 'Written in another tab: parent training for one family.';
    const edited = await request.put(`/api/v1/contracts/${id}/versions/1/`, {
      headers: authHeader(trainee),
      data: {
        title: 'Supervision contract',
        sections: [{ id: 'activities', body: elsewhere }],
        revision: 1,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await activities.fill(ACTIVITIES);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const changed = page.getByRole('alert').filter({ hasText: 'The contract changed' });
    await expect(changed).toContainText(CONTRACT_MESSAGES.changedSinceRead);
    await changed.getByRole('button', { name: /^Load the latest text/ }).click();
    await expect(activities).toHaveValue(elsewhere);
    await expect(page.getByText('All changes saved')).toBeVisible();

    // A supervisor of someone else's gets the answer of a missing contract.
    const stranger = await newAccount('supervisor', { name: 'Sol Stranger' });
    await signInAs(page, stranger);
    await page.goto(`/supervisor/trainees/${user}/contracts/${id}`);
    await expect(page.getByText('Contract not found')).toBeVisible();
    await expect(page.getByText(elsewhere)).toHaveCount(0);
  });
});
