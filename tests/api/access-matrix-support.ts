import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { insertToken } from '../../src/server/features/accounts/accounts.repository';
import { eq } from 'drizzle-orm';
import { authTokens } from '../../src/server/db/schema';
import { hashSecret, newToken, TOKEN_LIFETIME_MS } from '../../src/server/plugins/auth';
import { createAgendaPayload } from '../../src/shared/agenda/agenda.factory';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, createTrainee, DEFAULT_PASSWORD } from '../helpers/factories';
import { pdfBytes } from '../helpers/file-fixtures';
import { answerRequestFrom, pendingRequestsOf } from '../helpers/link-requests';
import type { TestApp } from '../helpers/test-app';
import { monthlyFields, multipart } from './files-support';
import {
  dropTemplate,
  filled,
  filledFinal,
  formsWorld,
  linkSupervisor,
  logDays,
} from './forms-support';

/*
 * The access matrix's world (tests/api/access-matrix.test.ts): one trainee, the owner, with one
 * of each record a route can name, and every other kind of caller. REQUESTS gives, for each route,
 * a valid request naming the owner's records; a route whose URL has no parameter and that needs
 * no body or query may go without one.
 */

/** The owner's records a request names (or, for the "does not exist" twin, ids nobody has). */
export type Ids = {
  trainee: number;
  /** The supervisor record linking `linkedSupervisor`. */
  record: number;
  /** Another supervisor record of the owner's, linked to nobody: edited and deleted freely. */
  spareRecord: number;
  log: number;
  file: number;
  agenda: number;
  monthForm: number;
  /** A form signed on paper, recorded with `record` (decision 024). */
  paperForm: number;
  finalForm: number;
  linkedSupervisor: number;
  /** A session of the owner's other than the one the matrix calls with: ended freely. */
  session: number;
  /** The owner's request to `pendingSupervisor`, not yet answered (issue 36). */
  linkRequest: number;
  /** The owner's supervision contract with `linkedSupervisor`, signed by both (issue 39). */
  contract: number;
};

/** Ids no row has: what a caller gets for them is what they must get for the owner's. */
export const MISSING_IDS: Ids = {
  trainee: 2_147_483_001,
  record: 2_147_483_002,
  spareRecord: 2_147_483_003,
  log: 2_147_483_004,
  file: 2_147_483_005,
  agenda: 2_147_483_006,
  monthForm: 2_147_483_007,
  paperForm: 2_147_483_011,
  finalForm: 2_147_483_008,
  linkedSupervisor: 2_147_483_009,
  session: 2_147_483_010,
  linkRequest: 2_147_483_012,
  contract: 2_147_483_013,
};

export type MatrixRequest = {
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
};

/** Marks the owner's records carry: no one refused may see them in an answer. */
export const OWNER_MARK = 'owner-private-7f3a';

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
const logOf = (ids: Ids, date: string) =>
  createLogPayload({
    supervisor: ids.record,
    trainee_supervisor: ids.record,
    date_of_experience: date,
    experience_note: `${OWNER_MARK} note`,
  });
const recordForm = async (ids: Ids) =>
  multipart(monthlyFields(ids.record, { title: `${OWNER_MARK} form` }), [
    { name: 'march.pdf', bytes: await pdfBytes() },
  ]);
const signature = { full_name: 'Ana Núñez', attested: true };

/** A request naming the owner's records for every route that needs more than its bare URL. */
export const REQUESTS: Record<string, (ids: Ids) => MatrixRequest | Promise<MatrixRequest>> = {
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),
  'POST /api/v1/signup/': () => ({
    url: '/api/v1/signup/',
    payload: { name: 'New Person', email: uniqueEmail('new'), password: 'another-horse-43' },
  }),
  'POST /api/v1/login/': () => ({
    url: '/api/v1/login/',
    payload: { username: uniqueEmail('nobody'), password: DEFAULT_PASSWORD },
  }),
  'POST /users/email/verify-user/': () => ({
    url: '/users/email/verify-user/',
    payload: { email: uniqueEmail('nobody'), token: '123456' },
  }),
  'POST /api/v1/resendemail/': () => ({
    url: '/api/v1/resendemail/',
    payload: { email: uniqueEmail('nobody') },
  }),
  'POST /users/reset-password/send/': () => ({
    url: '/users/reset-password/send/',
    payload: { email: uniqueEmail('nobody') },
  }),
  'POST /users/reset-password/resend/': () => ({
    url: '/users/reset-password/resend/',
    payload: { email: uniqueEmail('nobody') },
  }),
  'POST /users/reset-password/verify/': () => ({
    url: '/users/reset-password/verify/',
    payload: { email: uniqueEmail('nobody'), token: '123456', password: 'another-horse-43' },
  }),
  'POST /users/password/change/': () => ({
    url: '/users/password/change/',
    payload: {
      old_password: DEFAULT_PASSWORD,
      new_password1: DEFAULT_PASSWORD,
      new_password2: DEFAULT_PASSWORD,
    },
  }),
  'PUT /users/profile/:id/': (ids) => ({
    url: `/users/profile/${ids.trainee}/`,
    payload: {
      name: 'Zoë Łukasz',
      bacb_id: '1-23-45678',
      fieldwork_state: 'Oregon',
      fieldwork_country: 'United States',
    },
  }),
  'PUT /users/supervisor/:id/': (ids) => ({
    url: `/users/supervisor/${ids.linkedSupervisor}/`,
    payload: {
      bacb_account_number: 'BACB123456',
      bacb_certification_number: '1-23-45678',
      supervisor_qualification: 'BCBA',
      date_qualified: '2020-01-15',
      date_contract: '2026-01-10',
    },
  }),
  'POST /api/v1/trainee-supervisors/': () => ({
    url: '/api/v1/trainee-supervisors/',
    payload: { name: 'Kim', lastname: 'Lee', email: uniqueEmail('kim') },
  }),
  'PATCH /api/v1/trainee-supervisors/:id/': (ids) => ({
    url: `/api/v1/trainee-supervisors/${ids.spareRecord}/`,
    payload: { lastname: 'Leigh' },
  }),
  'POST /api/v1/trainee-supervisors/:id/end-access/': (ids) => ({
    url: `/api/v1/trainee-supervisors/${ids.spareRecord}/end-access/`,
  }),
  'POST /api/v1/trainee-supervisors/:id/restore-access/': (ids) => ({
    url: `/api/v1/trainee-supervisors/${ids.spareRecord}/restore-access/`,
  }),
  'DELETE /api/v1/trainee-supervisors/:id/': (ids) => ({
    url: `/api/v1/trainee-supervisors/${ids.spareRecord}/`,
  }),
  'POST /api/v1/link-requests/:id/accept/': (ids) => ({
    url: `/api/v1/link-requests/${ids.linkRequest}/accept/`,
  }),
  'POST /api/v1/link-requests/:id/decline/': (ids) => ({
    url: `/api/v1/link-requests/${ids.linkRequest}/decline/`,
  }),
  'GET /api/v1/experience-log/': (ids) => ({ url: `/api/v1/experience-log/?u_id=${ids.trainee}` }),
  'POST /api/v1/experience-log/': (ids) => ({
    url: '/api/v1/experience-log/',
    payload: logOf(ids, '2026-04-03'),
  }),
  'POST /api/v1/download-experience-log/': () => ({
    url: '/api/v1/download-experience-log/',
    payload: { tasks: [], from_date: '', to_date: '' },
  }),
  'GET /api/v1/experience-log/:id/': (ids) => ({ url: `/api/v1/experience-log/${ids.log}/` }),
  'PUT /api/v1/experience-log/:id/': (ids) => ({
    url: `/api/v1/experience-log/${ids.log}/`,
    payload: logOf(ids, '2026-04-02'),
  }),
  'DELETE /api/v1/experience-log/:id/': (ids) => ({ url: `/api/v1/experience-log/${ids.log}/` }),
  'POST /api/v1/experience-log/:id/restore/': (ids) => ({
    url: `/api/v1/experience-log/${ids.log}/restore/`,
  }),
  'GET /api/v1/experience-log/:id/history/': (ids) => ({
    url: `/api/v1/experience-log/${ids.log}/history/`,
  }),
  'GET /api/v1/get-accrued/': (ids) => ({ url: `/api/v1/get-accrued/?u_id=${ids.trainee}` }),
  'GET /api/v1/standards-switch/': (ids) => ({
    url: `/api/v1/standards-switch/?u_id=${ids.trainee}`,
  }),
  'GET /api/v1/get-trainee-task/': (ids) => ({
    url: `/api/v1/get-trainee-task/?u_id=${ids.trainee}&month=2026-03`,
  }),
  'PUT /api/v1/rule-set/': () => ({ url: '/api/v1/rule-set/', payload: { rule_set: null } }),
  'PUT /api/v1/time-zone/': () => ({
    url: '/api/v1/time-zone/',
    payload: { time_zone: 'America/New_York' },
  }),
  'GET /api/v1/plan/': (ids) => ({ url: `/api/v1/plan/?u_id=${ids.trainee}` }),
  'PUT /api/v1/plan/': () => ({
    url: '/api/v1/plan/',
    payload: { target_date: '2099-12-31', fieldwork_types: [1] },
  }),
  'POST /api/v1/send-supervisor-invitation/': () => ({
    url: '/api/v1/send-supervisor-invitation/',
    payload: { supervisor_email: uniqueEmail('invited') },
  }),
  'POST /api/v1/remove-user/': (ids) => ({
    url: '/api/v1/remove-user/',
    payload: { u_id: ids.trainee },
  }),
  'POST /api/v1/restore-user/': (ids) => ({
    url: '/api/v1/restore-user/',
    payload: { u_id: ids.trainee },
  }),
  'GET /api/v1/get-dates/': () => ({
    url: '/api/v1/get-dates/?start_date=2026-03-01&end_date=2026-04-30',
  }),
  'POST /api/v1/flag-log/': (ids) => ({
    url: '/api/v1/flag-log/',
    payload: { log_id: ids.log, is_flag: true, data: { setting: true } },
  }),
  'POST /api/v1/approve-logs/': (ids) => ({
    url: '/api/v1/approve-logs/',
    payload: { u_id: ids.trainee, log_ids: [ids.log] },
  }),
  'POST /api/v1/reopen-log/': (ids) => ({
    url: '/api/v1/reopen-log/',
    payload: { log_id: ids.log },
  }),
  'GET /api/v1/month-signoff/': (ids) => ({ url: `/api/v1/month-signoff/?u_id=${ids.trainee}` }),
  // February: signing it off and reopening it leaves March's forms alone.
  'POST /api/v1/month-signoff/': (ids) => ({
    url: '/api/v1/month-signoff/',
    payload: { u_id: ids.trainee, month: '2026-02' },
  }),
  'POST /api/v1/month-signoff/reopen/': (ids) => ({
    url: '/api/v1/month-signoff/reopen/',
    payload: { u_id: ids.trainee, month: '2026-02' },
  }),
  'POST /api/v1/at-risk/remind/': (ids) => ({
    url: '/api/v1/at-risk/remind/',
    payload: { u_id: ids.trainee },
  }),
  'POST /api/v1/calendar-feed/': () => ({
    url: '/api/v1/calendar-feed/',
    payload: { time_zone: 'UTC' },
  }),
  'GET /api/v1/calendar/:token/feed.ics': () => ({
    url: `/api/v1/calendar/${'cd'.repeat(24)}/feed.ics`,
  }),
  'GET /api/v1/digest/unsubscribe/': (ids) => ({
    url: `/api/v1/digest/unsubscribe/?u=${ids.linkedSupervisor}&token=${'ab'.repeat(24)}`,
  }),
  'POST /api/v1/digest/unsubscribe/': (ids) => ({
    url: `/api/v1/digest/unsubscribe/?u=${ids.linkedSupervisor}&token=${'ab'.repeat(24)}`,
  }),
  'POST /api/v1/charge-payment/': () => ({
    url: '/api/v1/charge-payment/',
    payload: { sub_id: 1, token: 'tok_visa' },
  }),
  'PUT /api/v1/charge-payment/': () => ({
    url: '/api/v1/charge-payment/',
    payload: { sub_id: 1, token: 'tok_visa' },
  }),
  'POST /api/v1/modify-subscription/': () => ({
    url: '/api/v1/modify-subscription/',
    payload: { id: 1 },
  }),
  'POST /api/v1/modify-payment-method/': () => ({
    url: '/api/v1/modify-payment-method/',
    payload: { token: 'tok_visa' },
  }),
  'GET /api/v1/verify-coupon': () => ({ url: '/api/v1/verify-coupon?coupon=NOPE' }),
  'GET /api/v1/storage/object/': () => ({ url: `/api/v1/storage/object/?token=${'a'.repeat(40)}` }),
  'PUT /api/v1/storage/object/': () => ({
    url: `/api/v1/storage/object/?token=${'a'.repeat(40)}`,
    payload: Buffer.from('x'),
    headers: { 'content-type': 'image/png' },
  }),
  'POST /users/upload/signed-url': () => ({ url: '/users/upload/signed-url', payload: {} }),
  'POST /users/upload/picture': () => ({
    url: '/users/upload/picture',
    payload: { key: 'pictures/none.png' },
  }),
  'GET /api/v1/users/picture/:userId/:name': (ids) => ({
    url: `/api/v1/users/picture/${ids.trainee}/${'c'.repeat(32)}.png`,
  }),
  'POST /api/v1/upload-record/': async (ids) => ({
    url: '/api/v1/upload-record/',
    ...(await recordForm(ids)),
  }),
  'PATCH /api/v1/upload-record/:id/': async (ids) => ({
    url: `/api/v1/upload-record/${ids.file}/`,
    ...(await multipart({ notes: `${OWNER_MARK} edited` })),
  }),
  'DELETE /api/v1/upload-record/:id/': (ids) => ({ url: `/api/v1/upload-record/${ids.file}/` }),
  'POST /api/v1/upload-record/:id/restore/': (ids) => ({
    url: `/api/v1/upload-record/${ids.file}/restore/`,
  }),
  'GET /api/v1/record-files/': (ids) => ({ url: `/api/v1/record-files/?u_id=${ids.trainee}` }),
  'GET /api/v1/record-files/:id/download/': (ids) => ({
    url: `/api/v1/record-files/${ids.file}/download/`,
  }),
  'POST /api/v1/monthy-log/': (ids) => ({ url: '/api/v1/monthy-log/', payload: agendaOf(ids) }),
  'GET /api/v1/monthy-log/': (ids) => ({
    url: `/api/v1/monthy-log/?u_id=${ids.trainee}&start_date=2026-03-01&end_date=2026-03-31`,
  }),
  'GET /api/v1/monthy-log/:id/': (ids) => ({ url: `/api/v1/monthy-log/${ids.agenda}/` }),
  'GET /api/v1/monthy-log/:id/pdf/': (ids) => ({ url: `/api/v1/monthy-log/${ids.agenda}/pdf/` }),
  'POST /api/v1/fvf-templates/': async () => ({
    url: '/api/v1/fvf-templates/',
    ...(await multipart({}, [{ name: 'form.pdf', bytes: await pdfBytes() }])),
  }),
  'GET /api/v1/month-forms/': (ids) => ({ url: `/api/v1/month-forms/?u_id=${ids.trainee}` }),
  'POST /api/v1/month-forms/': (ids) => ({
    url: '/api/v1/month-forms/',
    payload: { month: '2026-03', trainee_supervisor: ids.record, expereince_type: 1 },
  }),
  'GET /api/v1/month-forms/:id/': (ids) => ({ url: `/api/v1/month-forms/${ids.monthForm}/` }),
  'GET /api/v1/month-forms/:id/download/': (ids) => ({
    url: `/api/v1/month-forms/${ids.monthForm}/download/`,
  }),
  'POST /api/v1/month-forms/:id/sign/': (ids) => ({
    url: `/api/v1/month-forms/${ids.monthForm}/sign/`,
    payload: signature,
  }),
  'POST /api/v1/month-forms/paper/': async (ids) => ({
    url: '/api/v1/month-forms/paper/',
    ...(await multipart(
      {
        month: '2026-03',
        trainee_supervisor: String(ids.record),
        expereince_type: '1',
        signed_on: '2026-04-09',
      },
      [{ name: `${OWNER_MARK} paper.pdf`, bytes: await pdfBytes() }],
    )),
  }),
  'GET /api/v1/month-forms/paper/': (ids) => ({
    url: `/api/v1/month-forms/paper/?u_id=${ids.trainee}`,
  }),
  'GET /api/v1/month-forms/paper/:id/download/': (ids) => ({
    url: `/api/v1/month-forms/paper/${ids.paperForm}/download/`,
  }),
  'POST /api/v1/month-forms/paper/:id/answer/': (ids) => ({
    url: `/api/v1/month-forms/paper/${ids.paperForm}/answer/`,
    payload: { answer: 'confirmed' },
  }),
  'DELETE /api/v1/month-forms/paper/:id/': (ids) => ({
    url: `/api/v1/month-forms/paper/${ids.paperForm}/`,
  }),
  'GET /api/v1/final-forms/': (ids) => ({ url: `/api/v1/final-forms/?u_id=${ids.trainee}` }),
  'POST /api/v1/final-forms/': (ids) => ({
    url: '/api/v1/final-forms/',
    payload: {
      from_month: '2026-01',
      to_month: '2026-03',
      trainee_supervisor: ids.record,
      expereince_type: 1,
    },
  }),
  'GET /api/v1/final-forms/:id/': (ids) => ({ url: `/api/v1/final-forms/${ids.finalForm}/` }),
  'DELETE /api/v1/sessions/:id/': (ids) => ({ url: `/api/v1/sessions/${ids.session}/` }),
  'GET /api/v1/final-forms/:id/download/': (ids) => ({
    url: `/api/v1/final-forms/${ids.finalForm}/download/`,
  }),
  'POST /api/v1/final-forms/:id/sign/': (ids) => ({
    url: `/api/v1/final-forms/${ids.finalForm}/sign/`,
    payload: signature,
  }),
  'GET /api/v1/contracts/': (ids) => ({ url: `/api/v1/contracts/?trainee=${ids.trainee}` }),
  'POST /api/v1/contracts/': (ids) => ({
    url: '/api/v1/contracts/',
    payload: { trainee_supervisor: ids.record },
  }),
  'POST /api/v1/contracts/upload/': async (ids) => ({
    url: '/api/v1/contracts/upload/',
    ...(await multipart(
      { trainee_supervisor: String(ids.record), signed_on: '2026-04-01', signers: 'Zoë, Ana' },
      [{ name: `${OWNER_MARK} contract.pdf`, bytes: await pdfBytes() }],
    )),
  }),
  'GET /api/v1/contracts/:id/': (ids) => ({ url: `/api/v1/contracts/${ids.contract}/` }),
  'DELETE /api/v1/contracts/:id/': (ids) => ({ url: `/api/v1/contracts/${ids.contract}/` }),
  'PUT /api/v1/contracts/:id/versions/:n/': (ids) => ({
    url: `/api/v1/contracts/${ids.contract}/versions/1/`,
    payload: { title: 'Our contract', sections: [{ id: 'code', body: 'The Code.' }], revision: 2 },
  }),
  'POST /api/v1/contracts/:id/versions/:n/sign/': (ids) => ({
    url: `/api/v1/contracts/${ids.contract}/versions/1/sign/`,
    payload: { full_name: 'Ana Núñez', intent: true, revision: 2 },
  }),
  'GET /api/v1/contracts/:id/versions/:n/document/': (ids) => ({
    url: `/api/v1/contracts/${ids.contract}/versions/1/document/`,
  }),
  'POST /api/v1/contracts/:id/amendments/': (ids) => ({
    url: `/api/v1/contracts/${ids.contract}/amendments/`,
  }),
  'POST /api/v1/contracts/:id/end/': (ids) => ({
    url: `/api/v1/contracts/${ids.contract}/end/`,
    payload: { ended_on: '2026-04-10', reason: `${OWNER_MARK} reason` },
  }),
};

const agendaOf = (ids: Ids) =>
  createAgendaPayload(ids.trainee, {
    supervisee: 'Zoë Łukasz',
    superviseeFeedback: `${OWNER_MARK} feedback`,
  });

/** The people calling, each a user whose fresh tokens the test mints. */
export type MatrixWorld = Awaited<ReturnType<typeof createMatrixWorld>>;

/**
 * The owner with a log, a record file, an agenda, a month's form and a final form, their linked
 * supervisor (and one without BACB numbers), a supervisor they removed, one who removed them
 * from their lists, one never linked, one they asked who has not answered and one who declined,
 * another trainee and a trainee whose trial ended long ago; and the owner's expired and revoked
 * tokens.
 */
export async function createMatrixWorld() {
  const w = await formsWorld();
  const { t, trainee: owner, supervisor: linkedSupervisor, recordId } = w;
  await dropTemplate(w, 'mfvf-2022-individual');
  await dropTemplate(w, 'ffvf-2022-individual');
  await logDays(w, recordId, '2026-01-05', 20);
  await logDays(w, recordId, '2026-03-01', 20);
  const monthForm = await filled(w, {
    month: '2026-03',
    trainee_supervisor: recordId,
    expereince_type: 1,
  });
  // March alone: February has no hours, so January is an experience of its own (issue 38).
  const finalForm = await filledFinal(w, {
    from_month: '2026-03',
    to_month: '2026-03',
    trainee_supervisor: recordId,
    expereince_type: 1,
  });
  const coSupervisor = await createSupervisor(t.db, { complete: false });
  await linkSupervisor(t, owner, coSupervisor);
  const removedSupervisor = await createSupervisor(t.db);
  const removedRecord = await linkSupervisor(t, owner, removedSupervisor);
  await expectStatus(t, owner, 'DELETE', `/api/v1/trainee-supervisors/${removedRecord}/`, 204);
  const spareRecord = (
    await expectStatus(t, owner, 'POST', '/api/v1/trainee-supervisors/', 201, {
      payload: { name: 'Lee', lastname: 'Spare', email: uniqueEmail('spare') },
    })
  ).id;
  const supervisorWhoRemoved = await createSupervisor(t.db);
  await linkSupervisor(t, owner, supervisorWhoRemoved);
  await expectStatus(t, supervisorWhoRemoved, 'POST', '/api/v1/remove-user/', 200, {
    payload: { u_id: owner.id },
  });
  const unlinkedSupervisor = await createSupervisor(t.db);
  const otherTrainee = await createTrainee(t.db);
  await linkSupervisor(t, otherTrainee, unlinkedSupervisor);
  // Asked by the owner (issue 36): one has not answered, the other declined.
  const pendingSupervisor = await createSupervisor(t.db);
  await expectStatus(t, owner, 'POST', '/api/v1/trainee-supervisors/', 201, {
    payload: { name: 'Pat', lastname: 'Pending', email: pendingSupervisor.email },
  });
  const [linkRequest] = await pendingRequestsOf(t, pendingSupervisor);
  if (!linkRequest) throw new Error('the owner asked the pending supervisor nothing');
  const declinedSupervisor = await createSupervisor(t.db);
  await expectStatus(t, owner, 'POST', '/api/v1/trainee-supervisors/', 201, {
    payload: { name: 'Dee', lastname: 'Declined', email: declinedSupervisor.email },
  });
  await answerRequestFrom(t, declinedSupervisor, owner.email, 'decline');
  const lapsedTrainee = await createTrainee(t.db, { dateJoined: new Date('2025-01-01') });

  const partial: Ids = {
    ...MISSING_IDS,
    trainee: owner.id,
    record: recordId,
    spareRecord,
    monthForm: monthForm.id,
    finalForm: finalForm.id,
    linkedSupervisor: linkedSupervisor.id,
  };
  const log = await expectStatus(t, owner, 'POST', '/api/v1/experience-log/', 201, {
    payload: logOf(partial, '2026-04-02'),
  });
  const file = await expectStatus(t, owner, 'POST', '/api/v1/upload-record/', 201, {
    ...(await recordForm(partial)),
  });
  const agenda = await expectStatus(t, linkedSupervisor, 'POST', '/api/v1/monthy-log/', 201, {
    payload: agendaOf(partial),
  });
  const paperForm = await expectStatus(t, owner, 'POST', '/api/v1/month-forms/paper/', 201, {
    ...(await multipart(
      {
        month: '2026-01',
        trainee_supervisor: String(recordId),
        expereince_type: '1',
        signed_on: '2026-02-10',
      },
      [{ name: 'january.pdf', bytes: await pdfBytes() }],
    )),
  });
  const contract = await signedContractOf(t, owner, linkedSupervisor, recordId);
  const spareSession = await tokenFor(t, owner, TOKEN_LIFETIME_MS);
  const ids: Ids = {
    ...partial,
    log: log.id,
    file: file.id,
    agenda: agenda.id,
    paperForm: paperForm.id,
    session: await tokenIdOf(t, spareSession),
    linkRequest: linkRequest.id,
    contract,
  };

  const expiredToken = await tokenFor(t, owner, -60_000);
  const revokedToken = await tokenFor(t, owner, TOKEN_LIFETIME_MS);
  await expectStatus(t, { token: revokedToken }, 'POST', '/api/v1/logout/', 200);

  return {
    ...w,
    ids,
    users: {
      owner,
      otherTrainee,
      linkedSupervisor,
      coSupervisor,
      removedSupervisor,
      supervisorWhoRemoved,
      unlinkedSupervisor,
      pendingSupervisor,
      declinedSupervisor,
      lapsedTrainee,
    },
    expiredToken,
    revokedToken,
  };
}

/** The owner's contract with the supervisor of `record`, its activities marked as the owner's. */
async function signedContractOf(
  t: TestApp,
  owner: { token: string },
  supervisor: { token: string },
  record: number,
): Promise<number> {
  const { id } = await expectStatus(t, owner, 'POST', '/api/v1/contracts/', 201, {
    payload: { trainee_supervisor: record },
  });
  const edited = await t.request({
    method: 'PUT',
    url: `/api/v1/contracts/${id}/versions/1/`,
    token: owner.token,
    payload: {
      title: 'Supervision contract',
      sections: [{ id: 'activities', body: `${OWNER_MARK} activities` }],
      revision: 1,
    },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  for (const party of [owner, supervisor]) {
    await expectStatus(t, party, 'POST', `/api/v1/contracts/${id}/versions/1/sign/`, 200, {
      payload: { full_name: 'Zoë Łukasz', intent: true, revision: 2 },
    });
  }
  return id;
}

/** A new token of the user's, expiring `lifetimeMs` from the app's now (negative: expired). */
export async function tokenFor(t: TestApp, user: { id: number }, lifetimeMs: number) {
  const { token, hash } = newToken();
  await insertToken(t.db, {
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date(t.clock.now.getTime() + lifetimeMs),
  });
  return token;
}

async function tokenIdOf(t: TestApp, token: string): Promise<number> {
  const [row] = await t.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashSecret(token)));
  if (!row) throw new Error('the token just made is not stored');
  return row.id;
}

async function expectStatus(
  t: TestApp,
  user: { token: string },
  method: 'POST' | 'DELETE',
  url: string,
  status: number,
  options: { payload?: object | Buffer; headers?: Record<string, string> } = {},
): Promise<{ id: number }> {
  const response = await t.request({ method, url, token: user.token, ...options });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.body ? response.json<{ id: number }>() : { id: 0 };
}
