/* Who may call each route (issue 12, decision 017); tests/api/access-matrix.test.ts checks it. */

/** `owner` is the trainee the request names. 401 and 402 follow from the row: not columns. */
export const CALLERS = [
  'owner',
  'otherTrainee',
  'linkedSupervisor',
  /** Linked through another supervisor record, with no BACB numbers yet. */
  'coSupervisor',
  'removedSupervisor',
  /** Removed the owner from their lists: sees nothing until they restore them. */
  'supervisorWhoRemoved',
  'unlinkedSupervisor',
  /** Sees only the owner's unanswered request (issue 36). */
  'pendingSupervisor',
  'declinedSupervisor',
] as const;
export type Caller = (typeof CALLERS)[number];

/** `own`: only the caller's own records; `hidden` 404 and `rejected` 400 look like unknown ids. */
export type Outcome = 'allowed' | 'own' | 'hidden' | 'rejected' | 'forbidden';

export type Access = { kind: 'open' } | { kind: 'signedIn'; outcomes: Record<Caller, Outcome> };

const TRAINEES = ['owner', 'otherTrainee'] as const;
const SUPERVISORS = [
  'linkedSupervisor',
  'coSupervisor',
  'removedSupervisor',
  'supervisorWhoRemoved',
  'unlinkedSupervisor',
  'pendingSupervisor',
  'declinedSupervisor',
] as const;

function signedIn(
  trainees: Outcome | Record<(typeof TRAINEES)[number], Outcome>,
  supervisors: Outcome | Record<(typeof SUPERVISORS)[number], Outcome>,
  overrides: Partial<Record<Caller, Outcome>> = {},
): Access {
  const each = <K extends string>(keys: readonly K[], value: Outcome | Record<K, Outcome>) =>
    Object.fromEntries(keys.map((key) => [key, typeof value === 'string' ? value : value[key]]));
  return {
    kind: 'signedIn',
    outcomes: {
      ...each(TRAINEES, trainees),
      ...each(SUPERVISORS, supervisors),
      ...overrides,
    } as Record<Caller, Outcome>,
  };
}

const open: Access = { kind: 'open' };
const ownAccount = signedIn('own', 'own');
const traineeRecord = signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, 'forbidden');
const traineeOwn = signedIn('own', 'forbidden');
const supervisorOwn = signedIn('forbidden', 'own');
const LINKED = {
  linkedSupervisor: 'allowed',
  coSupervisor: 'allowed',
  removedSupervisor: 'hidden',
  supervisorWhoRemoved: 'hidden',
  unlinkedSupervisor: 'hidden',
  pendingSupervisor: 'hidden',
  declinedSupervisor: 'hidden',
} as const;
const ITS_SUPERVISOR = {
  linkedSupervisor: 'allowed',
  coSupervisor: 'hidden',
  removedSupervisor: 'hidden',
  supervisorWhoRemoved: 'hidden',
  unlinkedSupervisor: 'hidden',
  pendingSupervisor: 'hidden',
  declinedSupervisor: 'hidden',
} as const;
const traineeAndSupervisors = signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, LINKED);
const traineeAndItsSupervisor = signedIn(
  { owner: 'allowed', otherTrainee: 'hidden' },
  ITS_SUPERVISOR,
);
const supervisorOfTrainee = signedIn('forbidden', LINKED);
const linkedEvenIfRemoved = signedIn('forbidden', { ...LINKED, supervisorWhoRemoved: 'allowed' });
const itsSupervisorOnly = signedIn('forbidden', ITS_SUPERVISOR);
const theSupervisorAsked = signedIn('forbidden', {
  ...ITS_SUPERVISOR,
  linkedSupervisor: 'hidden',
  pendingSupervisor: 'allowed',
});

export const ACCESS_POLICY: Readonly<Record<string, Access>> = {
  'GET /api/docs': open,
  'GET /api/docs/static/index.html': open,
  'GET /api/docs/static/swagger-initializer.js': open,
  'GET /api/docs/json': open,
  'GET /api/docs/yaml': open,
  'GET /api/docs/static/*': open,
  'GET /api/health': open,
  'GET /api/ready': open,
  'GET /metrics': open,
  // Account entry answers alike whoever asks (no enumeration).
  'POST /api/v1/signup/': open,
  'POST /api/v1/login/': open,
  'POST /api/v1/logout/': ownAccount,
  'POST /users/email/verify-user/': open,
  'POST /api/v1/resendemail/': open,
  'POST /users/reset-password/send/': open,
  'POST /users/reset-password/resend/': open,
  'POST /users/reset-password/verify/': open,
  'POST /users/password/change/': ownAccount,
  // Google sign-in (issue 13): before a session, the state or link token is the key.
  'GET /api/v1/google/': open,
  'POST /api/v1/google/start/': open,
  'POST /rest-auth/google/': open,
  'POST /api/v1/google/link/': open,
  'POST /api/v1/google/verify/': open,
  'POST /api/v1/attachuser/': open,
  'GET /api/v1/sign-in-methods/': ownAccount,
  'DELETE /api/v1/sign-in-methods/google/': ownAccount,
  'POST /api/v1/sign-in-methods/password/': ownAccount,
  'GET /users/profile/': ownAccount,
  // Decision 018.
  'GET /api/v1/sessions/': ownAccount,
  'DELETE /api/v1/sessions/:id/': signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, 'hidden'),
  'POST /api/v1/sessions/revoke-others/': ownAccount,
  'GET /api/v1/security-events/': ownAccount,
  // Decision 019.
  'GET /api/v1/whole-record/': ownAccount,
  'PUT /users/profile/:id/': signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, 'hidden'),
  'PUT /users/supervisor/:id/': signedIn('forbidden', 'own'),
  'PUT /api/v1/time-zone/': ownAccount,
  'GET /modules/terms-and-conditions/': open,
  'GET /modules/privacy-policy/': open,
  'GET /api/v1/expereince-type/': ownAccount,
  'GET /api/v1/setting/': ownAccount,
  'GET /api/v1/method-supervision/': ownAccount,
  'GET /api/v1/client-observation/': ownAccount,
  'GET /api/v1/supervision-contact/': ownAccount,
  'GET /api/v1/task/': ownAccount,
  'GET /api/v1/trainee-supervisors/': traineeOwn,
  'POST /api/v1/trainee-supervisors/': traineeOwn,
  'PATCH /api/v1/trainee-supervisors/:id/': traineeRecord,
  'POST /api/v1/trainee-supervisors/:id/end-access/': traineeRecord,
  'POST /api/v1/trainee-supervisors/:id/restore-access/': traineeRecord,
  'DELETE /api/v1/trainee-supervisors/:id/': traineeRecord,
  // A supervisor's `u_id` naming an unlinked trainee gets an empty page, as for an unknown id.
  'GET /api/v1/experience-log/': signedIn(
    { owner: 'allowed', otherTrainee: 'own' },
    {
      ...LINKED,
      removedSupervisor: 'own',
      supervisorWhoRemoved: 'own',
      unlinkedSupervisor: 'own',
      pendingSupervisor: 'own',
      declinedSupervisor: 'own',
    },
  ),
  'POST /api/v1/experience-log/': signedIn(
    { owner: 'allowed', otherTrainee: 'rejected' },
    'forbidden',
  ),
  'POST /api/v1/download-experience-log/': traineeOwn,
  'POST /api/v1/import/preview/': traineeOwn,
  'POST /api/v1/import/': traineeOwn,
  'GET /api/v1/experience-log/deleted/': traineeOwn,
  'GET /api/v1/experience-log/:id/': traineeAndItsSupervisor,
  'PUT /api/v1/experience-log/:id/': traineeRecord,
  'DELETE /api/v1/experience-log/:id/': traineeRecord,
  'POST /api/v1/experience-log/:id/restore/': traineeRecord,
  'GET /api/v1/experience-log/:id/history/': traineeAndItsSupervisor,
  'GET /api/v1/get-accrued/': traineeAndSupervisors,
  'GET /api/v1/get-trainee-task/': traineeAndSupervisors,
  'GET /api/v1/dashboard-api/': traineeOwn,
  'GET /api/v1/dashboard-table-api/': traineeOwn,
  'GET /api/v1/badges-api/': traineeOwn,
  'PUT /api/v1/rule-set/': traineeOwn,
  'GET /api/v1/validate/': traineeOwn,
  // The record under both standards before the 2027 switch (issue 35).
  'GET /api/v1/standards-switch/': traineeAndSupervisors,
  'GET /api/v1/plan/': traineeAndSupervisors,
  'PUT /api/v1/plan/': traineeOwn,
  'POST /api/v1/send-supervisor-invitation/': traineeOwn,
  // Removed trainees stay listed, so that they can be restored.
  'GET /api/v1/all-trainee/': signedIn('forbidden', 'own', { supervisorWhoRemoved: 'allowed' }),
  'GET /api/v1/get-supervisor/': supervisorOwn,
  // Issue 36: only the supervisor asked answers a request.
  'GET /api/v1/link-requests/': signedIn('forbidden', 'own', { pendingSupervisor: 'allowed' }),
  'POST /api/v1/link-requests/:id/accept/': theSupervisorAsked,
  'POST /api/v1/link-requests/:id/decline/': theSupervisorAsked,
  'POST /api/v1/remove-user/': linkedEvenIfRemoved,
  'POST /api/v1/restore-user/': linkedEvenIfRemoved,
  'GET /api/v1/get-dates/': supervisorOwn,
  'POST /api/v1/flag-log/': itsSupervisorOnly,
  'POST /api/v1/approve-logs/': supervisorOfTrainee,
  'POST /api/v1/reopen-log/': itsSupervisorOnly,
  'GET /api/v1/month-signoff/': traineeAndSupervisors,
  'POST /api/v1/month-signoff/': supervisorOfTrainee,
  'POST /api/v1/month-signoff/reopen/': supervisorOfTrainee,
  'GET /api/v1/digest/unsubscribe/': open,
  'POST /api/v1/digest/unsubscribe/': open,
  // Issue 14; the feed is opened by the token in its URL.
  'GET /api/v1/at-risk/': supervisorOwn,
  'POST /api/v1/at-risk/remind/': supervisorOfTrainee,
  'GET /api/v1/calendar-feed/': ownAccount,
  'POST /api/v1/calendar-feed/': ownAccount,
  'DELETE /api/v1/calendar-feed/': ownAccount,
  'GET /api/v1/calendar/:token/feed.ics': open,
  'GET /api/v1/subscription/': ownAccount,
  'GET /api/v1/user-subscription/': ownAccount,
  'POST /api/v1/charge-payment/': traineeOwn,
  'PUT /api/v1/charge-payment/': traineeOwn,
  'POST /api/v1/modify-subscription/': traineeOwn,
  'POST /api/v1/modify-payment-method/': traineeOwn,
  'GET /api/v1/user-payment-details/': ownAccount,
  'GET /api/v1/verify-coupon': ownAccount,
  'POST /api/v1/stripe-webhook/': open,
  // Signed storage links carry their own key; a picture's address is its key.
  'GET /api/v1/storage/object/': open,
  'PUT /api/v1/storage/object/': open,
  'POST /users/upload/signed-url': ownAccount,
  'POST /users/upload/picture': ownAccount,
  'GET /api/v1/users/picture/:userId/:name': open,
  'POST /api/v1/upload-record/': traineeOwn,
  'PATCH /api/v1/upload-record/:id/': traineeRecord,
  'DELETE /api/v1/upload-record/:id/': traineeRecord,
  'POST /api/v1/upload-record/:id/restore/': traineeRecord,
  // A form's file only by the supervisor it names (tests/api/form-hours.test.ts).
  'GET /api/v1/record-files/': traineeAndSupervisors,
  'GET /api/v1/record-files/deleted/': traineeOwn,
  'GET /api/v1/record-files/:id/download/': traineeAndSupervisors,
  'POST /api/v1/monthy-log/': supervisorOfTrainee,
  'GET /api/v1/monthy-log/': traineeAndSupervisors,
  'GET /api/v1/monthy-log/:id/': traineeAndItsSupervisor,
  'GET /api/v1/monthy-log/:id/pdf/': traineeAndItsSupervisor,
  'GET /api/v1/fvf-templates/': ownAccount,
  'POST /api/v1/fvf-templates/': ownAccount,
  'GET /api/v1/month-forms/': traineeAndSupervisors,
  'POST /api/v1/month-forms/': traineeRecord,
  'GET /api/v1/month-forms/:id/': traineeAndItsSupervisor,
  'GET /api/v1/month-forms/:id/download/': traineeAndItsSupervisor,
  'POST /api/v1/month-forms/:id/sign/': traineeAndItsSupervisor,
  // Paper forms (decision 024): only the supervisor named confirms or rejects (issue 36).
  'POST /api/v1/month-forms/paper/': traineeRecord,
  'GET /api/v1/month-forms/paper/': traineeAndSupervisors,
  'GET /api/v1/month-forms/paper/:id/download/': traineeAndItsSupervisor,
  'POST /api/v1/month-forms/paper/:id/answer/': itsSupervisorOnly,
  'DELETE /api/v1/month-forms/paper/:id/': traineeRecord,
  'GET /api/v1/final-forms/': traineeAndSupervisors,
  'POST /api/v1/final-forms/': traineeRecord,
  'GET /api/v1/final-forms/:id/': traineeAndItsSupervisor,
  'GET /api/v1/final-forms/:id/download/': traineeAndItsSupervisor,
  'POST /api/v1/final-forms/:id/sign/': traineeAndItsSupervisor,
  // Supervision contracts (issue 39): a supervisor of another structure sees nothing of it.
  'GET /api/v1/contracts/': traineeAndSupervisors,
  'POST /api/v1/contracts/': traineeAndItsSupervisor,
  'POST /api/v1/contracts/upload/': traineeRecord,
  'GET /api/v1/contracts/:id/': traineeAndItsSupervisor,
  'DELETE /api/v1/contracts/:id/': traineeAndItsSupervisor,
  'PUT /api/v1/contracts/:id/versions/:n/': traineeAndItsSupervisor,
  'POST /api/v1/contracts/:id/versions/:n/sign/': traineeAndItsSupervisor,
  'GET /api/v1/contracts/:id/versions/:n/document/': traineeAndItsSupervisor,
  'POST /api/v1/contracts/:id/amendments/': traineeAndItsSupervisor,
  'POST /api/v1/contracts/:id/end/': traineeAndItsSupervisor,
};
