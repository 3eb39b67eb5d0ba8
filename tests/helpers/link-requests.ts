import { expect } from 'vitest';
import type { TestApp } from './test-app';

/*
 * A trainee who lists a supervisor's email asks that account to see them (issue 36): these
 * answer the request as the supervisor, as the "Trainee requests" card does.
 */

/** The supervisor's requests still to answer. */
export async function pendingRequestsOf(t: TestApp, supervisor: { token: string }) {
  const response = await t.request({
    method: 'GET',
    url: '/api/v1/link-requests/',
    token: supervisor.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    results: { id: number; trainee_name: string; trainee_email: string; requested_at: string }[];
  }>().results;
}

/** Answers the supervisor's request from the trainee with this email (accept or decline). */
export async function answerRequestFrom(
  t: TestApp,
  supervisor: { token: string },
  traineeEmail: string,
  answer: 'accept' | 'decline' = 'accept',
) {
  const request = (await pendingRequestsOf(t, supervisor)).find(
    (row) => row.trainee_email === traineeEmail,
  );
  if (!request) throw new Error(`no request from ${traineeEmail}`);
  const response = await t.request({
    method: 'POST',
    url: `/api/v1/link-requests/${request.id}/${answer}/`,
    token: supervisor.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return request.id;
}

/** Whether a mail is a trainee's request to a supervisor (for tests that count other mails). */
export function isLinkRequest(mail: { subject: string }): boolean {
  return mail.subject.endsWith('asks you to supervise their fieldwork on Fieldwork Tracker');
}
