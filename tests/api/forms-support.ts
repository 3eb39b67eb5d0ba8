import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq, gte, lte } from 'drizzle-orm';
import { expect } from 'vitest';
import { experienceLogs } from '../../src/server/db/schema';
import { monthEnd, monthStart } from '../../src/shared/logs/time';
import { sendFormReminders } from '../../src/server/features/forms/reminders/reminders.service';
import type { FvfVariantId } from '../../src/server/features/forms/fvf/fvf-fields';
import {
  buildFvfTemplate,
  type TemplateOptions,
} from '../../src/server/features/forms/fvf/fvf-template.fixture';
import type { FinalForm, FinalFormsAnswer } from '../../src/shared/forms/final-form.schema';
import type { MonthForm, MonthFormsAnswer } from '../../src/shared/forms/month-form.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { insertDailyLogs } from '../helpers/log-factory';
import { makeStorageFolder } from '../helpers/storage-harness';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { followDownload, multipart } from './files-support';

/*
 * The official forms' test world: an app with its own storage folder and forms folder, a trainee
 * whose profile has the form fields, and a supervisor account linked to the trainee's record.
 * Templates are built by the fixture builder, never the BACB's PDFs.
 */

/** April 10, 2026: March is over and its deadline (April 30) 20 days ahead. */
export const NOW = new Date('2026-04-10T12:00:00.000Z');

export type FormsWorld = Awaited<ReturnType<typeof formsWorld>>;

export async function formsWorld(env: Record<string, string> = {}) {
  const folder = await makeStorageFolder();
  const formsDir = await mkdtemp(join(tmpdir(), 'ft-forms-'));
  const t = await createTestApp({ ...folder.env, FORMS_DIR: formsDir, ...env });
  t.clock.now = NOW;
  const trainee = await createTrainee(t.db, { name: 'Zoë Łukasz' });
  const supervisor = await createSupervisor(t.db, { name: 'Ana Núñez' });
  await setFormFields(t, trainee);
  const recordId = await linkSupervisor(t, trainee, supervisor, 'Ana', 'Núñez');
  return {
    t,
    folder,
    formsDir,
    trainee,
    supervisor,
    recordId,
    close: async () => {
      await t.close();
      await folder.close();
      await rm(formsDir, { recursive: true, force: true });
    },
  };
}

/** Gives a trainee the profile fields every form needs. */
export async function setFormFields(t: TestApp, trainee: TestUser) {
  const response = await t.request({
    method: 'PUT',
    url: `/users/profile/${trainee.id}/`,
    token: trainee.token,
    payload: {
      name: trainee.name,
      bacb_id: '1-23-45678',
      fieldwork_state: 'Oregon',
      fieldwork_country: 'United States',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Adds a supervisor record for the trainee with `supervisor`'s email, and the supervisor
 * accepts the trainee's request: the record is linked to their account.
 */
export async function linkSupervisor(
  t: TestApp,
  trainee: TestUser,
  supervisor: TestUser,
  name = 'Sam',
  lastname = 'Supervisor',
): Promise<number> {
  const added = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name, lastname, email: supervisor.email },
  });
  expect(added.statusCode, added.body).toBe(201);
  await answerRequestFrom(t, supervisor, trainee.email);
  return added.json<{ id: number }>().id;
}

/** Puts a supervisor record at an organization, as the profile's supervisor dialog does. */
export async function atOrganization(
  w: { t: TestApp; trainee: TestUser },
  record: number,
  organization: string,
) {
  const response = await w.t.request({
    method: 'PATCH',
    url: `/api/v1/trainee-supervisors/${record}/`,
    token: w.trainee.token,
    payload: { organization },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The previous month's forms still to sign on a supervisor's at-risk list. */
export async function unsignedFormsOf(w: { t: TestApp }, supervisor: TestUser) {
  const response = await w.t.request({
    method: 'GET',
    url: '/api/v1/at-risk/',
    token: supervisor.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unsigned_forms: { month: string; trainee_supervisor: number }[] }>()
    .unsigned_forms;
}

/**
 * Ana (the world's supervisor) and Lee Park at one organization, the name written two ways:
 * March has 20 days with Ana (60 h, 20 supervised) and 5 with Lee (15 h, 5 supervised).
 */
export async function organizationWorld() {
  const w = await formsWorld();
  const lee = await createSupervisor(w.t.db, { name: 'Lee Park' });
  const leeRecord = await linkSupervisor(w.t, w.trainee, lee, 'Lee', 'Park');
  await atOrganization(w, w.recordId, 'Acme ABA');
  await atOrganization(w, leeRecord, ' acme  aba ');
  await logDays(w, w.recordId, '2026-03-01', 20);
  await logDays(w, leeRecord, '2026-03-21', 5);
  return { ...w, lee, leeRecord };
}

/** The address the reminder mails link to. */
export const REMINDERS_APP_URL = 'https://tracker.example.com';

/** One instance's run of the deadline reminders job at `iso`; how many mails it sent. */
export const runRemindersAt = (w: { t: TestApp }, iso: string) =>
  sendFormReminders({
    db: w.t.db,
    mailer: w.t.mailer,
    appUrl: REMINDERS_APP_URL,
    now: new Date(iso),
  });

/** Puts a template in the operator's forms folder. */
export async function dropTemplate(
  w: { formsDir: string },
  variant: FvfVariantId,
  options: TemplateOptions = {},
  name = `${variant}.pdf`,
) {
  await writeFile(join(w.formsDir, name), await buildFvfTemplate(variant, options));
}

/** Uploads a template as `user`. */
export async function uploadTemplate(t: TestApp, user: TestUser | undefined, bytes: Uint8Array) {
  const body = await multipart({}, [{ name: 'form.pdf', bytes: Buffer.from(bytes) }]);
  return t.request({ method: 'POST', url: '/api/v1/fvf-templates/', token: user?.token, ...body });
}

/**
 * `days` logs from `firstDate`, each 3 h with 1 h individually supervised and observed: 20 days
 * make 60 h, 20 of them supervised.
 */
export function logDays(
  w: { t: TestApp; trainee: TestUser },
  recordId: number,
  firstDate: string,
  days: number,
  experienceTypeId = 1,
) {
  return insertDailyLogs(w.t.db, {
    traineeId: w.trainee.id,
    traineeSupervisorId: recordId,
    firstDate,
    count: days,
    overrides: { experienceTypeId },
  });
}

/**
 * The supervisor's review, done: every log of the trainee's `month` approved (a supervisor signs
 * a month's M-FVF only then, and it signs the month off: issue 36).
 */
export async function approveLogs(w: { t: TestApp; trainee: TestUser }, month: string) {
  await w.t.db
    .update(experienceLogs)
    .set({ status: 'approved' })
    .where(
      and(
        eq(experienceLogs.traineeId, w.trainee.id),
        gte(experienceLogs.dateOfExperience, monthStart(month)),
        lte(experienceLogs.dateOfExperience, monthEnd(month)),
      ),
    );
}

/** Where each official form's routes live. */
export const FORMS_PATH = { monthly: '/api/v1/month-forms/', final: '/api/v1/final-forms/' };
export type FormRoute = keyof typeof FORMS_PATH;

export function fill(
  w: { t: TestApp },
  user: TestUser,
  payload: Record<string, unknown>,
  route: FormRoute = 'monthly',
): Promise<LightMyRequestResponse> {
  return w.t.request({ method: 'POST', url: FORMS_PATH[route], token: user.token, payload });
}

/** Fills a form that must succeed; answers with it. */
export async function filled(
  w: { t: TestApp; trainee: TestUser },
  payload: Record<string, unknown>,
): Promise<MonthForm> {
  const response = await fill(w, w.trainee, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MonthForm>();
}

/** Fills an F-FVF that must succeed; answers with it. */
export async function filledFinal(
  w: { t: TestApp; trainee: TestUser },
  payload: Record<string, unknown>,
): Promise<FinalForm> {
  const response = await fill(w, w.trainee, payload, 'final');
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FinalForm>();
}

export function sign(
  w: { t: TestApp },
  user: TestUser,
  id: number,
  payload: Record<string, unknown> = { full_name: user.name, attested: true },
  route: FormRoute = 'monthly',
): Promise<LightMyRequestResponse> {
  return w.t.request({
    method: 'POST',
    url: `${FORMS_PATH[route]}${id}/sign/`,
    token: user.token,
    payload,
  });
}

export async function list(
  w: { t: TestApp },
  user: TestUser,
  query = '',
): Promise<MonthFormsAnswer> {
  const response = await w.t.request({
    method: 'GET',
    url: `/api/v1/month-forms/${query}`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MonthFormsAnswer>();
}

export async function listFinal(
  w: { t: TestApp },
  user: TestUser,
  query = '',
): Promise<FinalFormsAnswer> {
  const response = await w.t.request({
    method: 'GET',
    url: `${FORMS_PATH.final}${query}`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FinalFormsAnswer>();
}

/** The PDF a form downloads as (through its redirect), with the response's headers. */
export async function download(
  w: { t: TestApp },
  user: TestUser,
  id: number,
  route: FormRoute = 'monthly',
) {
  const redirect = await w.t.request({
    method: 'GET',
    url: `${FORMS_PATH[route]}${id}/download/`,
    token: user.token,
  });
  const file = await followDownload(w.t, redirect);
  expect(file.statusCode).toBe(200);
  return { bytes: file.rawPayload, headers: file.headers };
}

/**
 * The people who must never see the trainee's forms: another trainee, a supervisor not linked to
 * them, and one linked through another record (not these forms' supervisor).
 */
export async function createOutsiders(w: { t: TestApp; trainee: TestUser }) {
  const stranger = await createTrainee(w.t.db);
  const strangerSupervisor = await createSupervisor(w.t.db);
  const coSupervisor = await createSupervisor(w.t.db);
  await linkSupervisor(w.t, w.trainee, coSupervisor);
  return { stranger, strangerSupervisor, coSupervisor };
}

export const FORM_NOT_FOUND = { detail: 'Form not found', code: 'NOT_FOUND' };

/** `user` gets 404 for the form everywhere: reading it, downloading it and signing it. */
export async function expectFormHidden(
  w: { t: TestApp },
  user: TestUser,
  id: number,
  route: FormRoute = 'monthly',
) {
  for (const url of [`${FORMS_PATH[route]}${id}/`, `${FORMS_PATH[route]}${id}/download/`]) {
    const response = await w.t.request({ method: 'GET', url, token: user.token });
    expect(response.statusCode, url).toBe(404);
    expect(response.json()).toEqual(FORM_NOT_FOUND);
  }
  expect((await sign(w, user, id, undefined, route)).statusCode).toBe(404);
}
