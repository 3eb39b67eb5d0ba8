import { mkdirSync } from 'node:fs';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { authHeader, expect, signInAs, test } from './support/fixtures';

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
});
