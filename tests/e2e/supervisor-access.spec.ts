import { mkdirSync } from 'node:fs';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import {
  acceptRequestFrom,
  authHeader,
  expect,
  expectNoHorizontalScroll,
  expectStill,
  signInAs,
  signOut,
  test,
} from './support/fixtures';

mkdirSync('.tmp/screenshots', { recursive: true });

/** Two days back: a past day in every time zone. */
function recentDay(): string {
  return new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
}

test('a trainee ends a supervisor’s access: the supervisor loses the trainee, the records stay', async ({
  page,
  request,
  newAccount,
}) => {
  test.slow(); // Two accounts and both sides' screens.
  const trainee = await newAccount('student', { name: 'Tara Trainee' });
  const supervisor = await newAccount('supervisor', { name: 'Dana Reyes' });
  const added = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(trainee),
    data: { name: 'Dana Reyes', email: supervisor.email },
  });
  expect(added.status(), await added.text()).toBe(201);
  await acceptRequestFrom(request, supervisor, trainee);
  const record = ((await added.json()) as { id: number }).id;
  const logged = await request.post('/api/v1/experience-log/', {
    headers: authHeader(trainee),
    data: createLogPayload({
      supervisor: record,
      trainee_supervisor: record,
      date_of_experience: recentDay(),
    }),
  });
  expect(logged.status(), await logged.text()).toBe(201);
  const logsOfTrainee = async () => {
    const response = await request.get(
      `/api/v1/experience-log/?u_id=${(trainee.user as { id: number }).id}`,
      {
        headers: authHeader(supervisor),
      },
    );
    return ((await response.json()) as { count: number }).count;
  };
  expect(await logsOfTrainee()).toBe(1);

  await signInAs(page, trainee);
  await page.goto('/student/profile-screen');
  const supervisors = page.getByRole('region', { name: 'Supervisors' });
  const row = supervisors.getByRole('row', { name: /Dana Reyes/ });
  await row.getByRole('button', { name: 'End access for Dana Reyes' }).click();

  const dialog = page.getByRole('dialog', { name: 'End Dana Reyes’s access?' });
  await expect(dialog.getByText('Nothing is deleted:')).toBeVisible();
  await expect(
    dialog.getByText('the months they signed off and the forms they signed;'),
  ).toBeVisible();
  // Axe reads this dialog in accessibility.spec.ts (the trainee's logging journey).
  await page.screenshot({ path: '.tmp/screenshots/end-access-confirm-1280.png' });
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep access' }).click();
  await expect(dialog).toBeHidden();
  expect(await logsOfTrainee()).toBe(1);

  await row.getByRole('button', { name: 'End access for Dana Reyes' }).click();
  await dialog.getByRole('button', { name: 'End access' }).click();
  await expect(page.getByText('Dana Reyes no longer has access to your records.')).toBeVisible();
  await expect(row.getByText(/^Access ended /)).toBeVisible();
  await expect(row.getByRole('button', { name: /End access/ })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/screenshots/end-access-done-1280.png' });

  // The former supervisor sees nothing of the trainee's; the trainee still has the log.
  expect(await logsOfTrainee()).toBe(0);
  const own = await request.get('/api/v1/experience-log/', { headers: authHeader(trainee) });
  expect(((await own.json()) as { count: number }).count).toBe(1);

  // Ended by mistake (issue 36): the trainee gives it back, after a confirmation.
  await row.getByRole('button', { name: 'Restore access for Dana Reyes' }).click();
  const restore = page.getByRole('dialog', { name: 'Give Dana Reyes access again?' });
  await expect(restore.getByText('will see your logs, months and forms again')).toBeVisible();
  await expectStill(page);
  await page.screenshot({ path: '.tmp/screenshots/restore-access-confirm-1280.png' });
  await restore.getByRole('button', { name: 'Restore access' }).click();
  await expect(page.getByText('Dana Reyes has access to your records again.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'End access for Dana Reyes' })).toBeVisible();
  await expect(row.getByText(/^Access ended /)).toHaveCount(0);
  expect(await logsOfTrainee()).toBe(1);
});

test('a trainee asks a supervisor from their profile; the supervisor accepts on their home screen', async ({
  page,
  newAccount,
}) => {
  test.slow(); // Two accounts and both sides' screens, at two widths.
  const trainee = await newAccount('student', { name: 'Ria Requests' });
  const supervisor = await newAccount('supervisor', { name: 'Ada Accept' });
  // The trainee adds the supervisor by email: the account is asked, not linked.
  await signInAs(page, trainee);
  await page.goto('/student/profile-screen');
  await page.getByRole('button', { name: 'Add Supervisor' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Supervisor' });
  await addDialog.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Accept');
  await addDialog.getByRole('textbox', { name: 'Email', exact: true }).fill(supervisor.email);
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully submitted!')).toBeVisible();
  await expect(addDialog).toBeHidden();
  const supervisors = page.getByRole('region', { name: 'Supervisors' });
  const row = supervisors.getByRole('row', { name: /Ada Accept/ });
  await expect(row.getByText('Waiting for Ada Accept to accept')).toBeVisible();
  // No invitation: the supervisor has an account.
  await expect(row.getByRole('button', { name: /Invite/ })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/screenshots/link-request-waiting-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    supervisors.getByRole('listitem').filter({ hasText: 'Waiting for Ada Accept to accept' }),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/link-request-waiting-375.png', fullPage: true });

  // Until they accept, the supervisor's lists hold nothing of the trainee's.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await signInAs(page, supervisor);
  await page.goto('/supervisor/signlogs');
  const requests = page.getByRole('region', { name: 'Trainee requests' });
  await expect(requests.getByRole('heading', { name: 'Ria Requests' })).toBeVisible();
  await expect(requests.getByText(trainee.email)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'This month’s requirements' }).getByText('No trainees found'),
  ).toBeVisible();
  await page.screenshot({ path: '.tmp/screenshots/trainee-requests-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(requests.getByRole('button', { name: 'Accept Ria Requests' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/trainee-requests-375.png', fullPage: true });

  // Declining asks first; keeping the request changes nothing.
  await requests.getByRole('button', { name: 'Decline Ria Requests' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decline Ria Requests’s request?' });
  await expect(confirm.getByText('cannot ask you again')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await requests.getByRole('button', { name: 'Accept Ria Requests' }).click();
  await expect(page.getByText('Ria Requests is now one of your trainees.')).toBeVisible();
  await expect(requests).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'This month’s requirements' }).getByRole('heading', {
      name: 'Ria Requests',
    }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/supervisor/trainees');
  await expect(
    page.getByRole('link', { name: 'Ria Requests', exact: true }).filter({ visible: true }),
  ).toBeVisible();

  // The trainee's profile shows the account now, with its check.
  await signOut(page);
  await signInAs(page, trainee);
  await page.goto('/student/profile-screen');
  await expect(row.getByText('Has a tracker account')).toBeAttached();
  await expect(row.getByText('Waiting for Ada Accept to accept')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/screenshots/link-request-accepted-1280.png' });
});
