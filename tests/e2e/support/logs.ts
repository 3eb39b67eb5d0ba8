import type { APIRequestContext } from '@playwright/test';
import { createLogPayload } from '../../../src/shared/logs/log-entry.factory';
import { authHeader, expect, type Account } from './fixtures';

/** One log of the trainee's today, made through the API (with the supervisor record it names). */
export async function createLogToday(
  request: APIRequestContext,
  account: Account,
  note: string,
): Promise<void> {
  const record = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(account),
    data: { name: 'Dana', lastname: 'Reyes', email: 'dana.reyes@example.com' },
  });
  expect(record.status(), await record.text()).toBe(201);
  const { id } = (await record.json()) as { id: number };
  const log = await request.post('/api/v1/experience-log/', {
    headers: authHeader(account),
    data: createLogPayload({
      supervisor: id,
      trainee_supervisor: id,
      date_of_experience: new Date().toISOString().slice(0, 10),
      experience_note: note,
    }),
  });
  expect(log.status(), await log.text()).toBe(201);
}
