/*
 * Who may call each route and what everyone else gets (issue 12, decision 017). The route guards
 * (plugins/auth.ts) and the services' scoping enforce it; this table states it, and
 * tests/api/access-matrix.test.ts calls every route of the app's route table as every caller
 * below and fails on a route without a row here, or on any answer the row does not allow.
 */

/**
 * The signed-in callers whose answers differ by route, named from the owner's side: `owner` is
 * the trainee whose records the request names (a log, a supervisor record, a file, a form, a
 * month, their own id). Tokenless callers (anonymous, a bogus, an expired or a revoked token)
 * get 401 on every route but the open ones, and a trainee whose trial or subscription has run out
 * gets 402 on every paywalled write their role may call (plugins/paywall.ts): both follow from
 * the row, so they are not columns.
 */
export const CALLERS = [
  'owner',
  'otherTrainee',
  'linkedSupervisor',
  /**
   * Linked to the owner through another supervisor record (so not the supervisor of the owner's
   * logs and forms named here), with no BACB numbers in their profile yet.
   */
  'coSupervisor',
  /** Was linked, until the owner deleted the supervisor record. */
  'removedSupervisor',
  /**
   * Still linked, but removed the owner from their own lists (POST /api/v1/remove-user/): sees
   * nothing of the owner's until they restore them.
   */
  'supervisorWhoRemoved',
  'unlinkedSupervisor',
  /**
   * Has the owner's request to see them, not yet answered (issue 36): sees nothing of the
   * owner's but the request itself, until they accept.
   */
  'pendingSupervisor',
  /** Declined the owner's request: sees nothing of the owner's. */
  'declinedSupervisor',
] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * What a caller gets:
 * - `allowed`: the route acts on the owner's records (a read answers 2xx);
 * - `own`: let in, but the route acts only on the caller's own account or records, so nothing of
 *   the owner's is in the answer or changed;
 * - `hidden`: 404, the same answer as for an id that does not exist;
 * - `rejected`: 400 on the field naming the owner's record, the same as for an id that does not exist;
 * - `forbidden`: 403, the wrong role for the route (before anything is looked up).
 */
export type Outcome = 'allowed' | 'own' | 'hidden' | 'rejected' | 'forbidden';

/** A row: `open` routes answer everyone alike (no account's data, or a link is the key). */
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
/** Anyone signed in, acting on their own account (or reading the shared lookups). */
const ownAccount = signedIn('own', 'own');
/** The owner's records, for the owner only; another trainee gets `hidden`; supervisors 403. */
const traineeRecord = signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, 'forbidden');
/** A trainee's own lists and writes that name no record: each trainee gets their own. */
const traineeOwn = signedIn('own', 'forbidden');
/** A supervisor's own lists: each supervisor gets their own; trainees 403. */
const supervisorOwn = signedIn('forbidden', 'own');
/** Every supervisor linked to the owner, and no other. */
const LINKED = {
  linkedSupervisor: 'allowed',
  coSupervisor: 'allowed',
  removedSupervisor: 'hidden',
  supervisorWhoRemoved: 'hidden',
  unlinkedSupervisor: 'hidden',
  pendingSupervisor: 'hidden',
  declinedSupervisor: 'hidden',
} as const;
/** The supervisor of one record of the owner's (a log's, a form's), and no other. */
const ITS_SUPERVISOR = {
  linkedSupervisor: 'allowed',
  coSupervisor: 'hidden',
  removedSupervisor: 'hidden',
  supervisorWhoRemoved: 'hidden',
  unlinkedSupervisor: 'hidden',
  pendingSupervisor: 'hidden',
  declinedSupervisor: 'hidden',
} as const;
/** The owner's records as a whole (by `u_id`), for the owner and every supervisor linked to them. */
const traineeAndSupervisors = signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, LINKED);
/** One record kept with one supervisor record (a log, a form): the owner and that supervisor. */
const traineeAndItsSupervisor = signedIn(
  { owner: 'allowed', otherTrainee: 'hidden' },
  ITS_SUPERVISOR,
);
/** A supervisor's act on a linked trainee (`u_id`); trainees 403. */
const supervisorOfTrainee = signedIn('forbidden', LINKED);
/** Removing a linked trainee from one's lists, or restoring them: removed or not. */
const linkedEvenIfRemoved = signedIn('forbidden', { ...LINKED, supervisorWhoRemoved: 'allowed' });
/** A supervisor's act on one record of a linked trainee kept with them (a log); trainees 403. */
const itsSupervisorOnly = signedIn('forbidden', ITS_SUPERVISOR);
/** Answering the owner's request (issue 36): the supervisor it asks, and no one else. */
const theSupervisorAsked = signedIn('forbidden', {
  ...ITS_SUPERVISOR,
  linkedSupervisor: 'hidden',
  pendingSupervisor: 'allowed',
});

/** One row per route, keyed `METHOD url` exactly as Fastify registers it. */
export const ACCESS_POLICY: Readonly<Record<string, Access>> = {
  // The API's own description and health: nothing of anyone's.
  'GET /api/docs': open,
  'GET /api/docs/static/index.html': open,
  'GET /api/docs/static/swagger-initializer.js': open,
  'GET /api/docs/json': open,
  'GET /api/docs/yaml': open,
  'GET /api/docs/static/*': open,
  'GET /api/health': open,
  'GET /api/ready': open,
  // Prometheus's, behind METRICS_TOKEN (plugins/operations.ts): nobody's data.
  'GET /metrics': open,
  // Accounts: signing up, in and out, and recovering an account answer alike whoever asks (no
  // enumeration); the rest acts on the caller's own account.
  'POST /api/v1/signup/': open,
  'POST /api/v1/login/': open,
  'POST /api/v1/logout/': ownAccount,
  'POST /users/email/verify-user/': open,
  'POST /api/v1/resendemail/': open,
  'POST /users/reset-password/send/': open,
  'POST /users/reset-password/resend/': open,
  'POST /users/reset-password/verify/': open,
  'POST /users/password/change/': ownAccount,
  // Google sign-in (issue 13): before a session exists the state, the link token or the session
  // key is the key; the sign-in methods are the caller's own.
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
  // One's own sessions and security activity (decision 018). The owner's spare session is
  // ended by its id before the owner ends every other session.
  'GET /api/v1/sessions/': ownAccount,
  'DELETE /api/v1/sessions/:id/': signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, 'hidden'),
  'POST /api/v1/sessions/revoke-others/': ownAccount,
  'GET /api/v1/security-events/': ownAccount,
  // One's whole record in one zip (decision 019): a supervisor's holds their own links only.
  'GET /api/v1/whole-record/': ownAccount,
  'PUT /users/profile/:id/': signedIn({ owner: 'allowed', otherTrainee: 'hidden' }, 'hidden'),
  'PUT /users/supervisor/:id/': signedIn('forbidden', 'own'),
  // One's own time zone (issue 36): no id, so each caller sets their own.
  'PUT /api/v1/time-zone/': ownAccount,
  // Content and the lookups every form reads.
  'GET /modules/terms-and-conditions/': open,
  'GET /modules/privacy-policy/': open,
  'GET /api/v1/expereince-type/': ownAccount,
  'GET /api/v1/setting/': ownAccount,
  'GET /api/v1/method-supervision/': ownAccount,
  'GET /api/v1/client-observation/': ownAccount,
  'GET /api/v1/supervision-contact/': ownAccount,
  'GET /api/v1/task/': ownAccount,
  // The trainee's supervisor records.
  'GET /api/v1/trainee-supervisors/': traineeOwn,
  'POST /api/v1/trainee-supervisors/': traineeOwn,
  'PATCH /api/v1/trainee-supervisors/:id/': traineeRecord,
  'POST /api/v1/trainee-supervisors/:id/end-access/': traineeRecord,
  'POST /api/v1/trainee-supervisors/:id/restore-access/': traineeRecord,
  'DELETE /api/v1/trainee-supervisors/:id/': traineeRecord,
  // Logs: the trainee writes them; linked supervisors read them (by `u_id`).
  // A trainee's `u_id` is ignored (they get their own logs); a supervisor's filters their logs,
  // so one naming a trainee not linked to them gets an empty page, as for an id nobody has.
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
  // Importing earlier hours (issue 14): into the trainee's own logs only.
  'POST /api/v1/import/preview/': traineeOwn,
  'POST /api/v1/import/': traineeOwn,
  'GET /api/v1/experience-log/deleted/': traineeOwn,
  'GET /api/v1/experience-log/:id/': traineeAndItsSupervisor,
  'PUT /api/v1/experience-log/:id/': traineeRecord,
  'DELETE /api/v1/experience-log/:id/': traineeRecord,
  'POST /api/v1/experience-log/:id/restore/': traineeRecord,
  'GET /api/v1/experience-log/:id/history/': traineeAndItsSupervisor,
  // Progress.
  'GET /api/v1/get-accrued/': traineeAndSupervisors,
  'GET /api/v1/get-trainee-task/': traineeAndSupervisors,
  'GET /api/v1/dashboard-api/': traineeOwn,
  'GET /api/v1/dashboard-table-api/': traineeOwn,
  'GET /api/v1/badges-api/': traineeOwn,
  'PUT /api/v1/rule-set/': traineeOwn,
  'GET /api/v1/validate/': traineeOwn,
  // The record under both standards before the 2027 switch (issue 35).
  'GET /api/v1/standards-switch/': traineeAndSupervisors,
  // The plan to a finish date: the trainee saves it; they and their linked supervisors read it.
  'GET /api/v1/plan/': traineeAndSupervisors,
  'PUT /api/v1/plan/': traineeOwn,
  // The review: inviting, the supervisor's trainees, flags, approvals and month sign-offs.
  'POST /api/v1/send-supervisor-invitation/': traineeOwn,
  // The removed trainees stay listed, marked, so that they can be restored.
  'GET /api/v1/all-trainee/': signedIn('forbidden', 'own', { supervisorWhoRemoved: 'allowed' }),
  'GET /api/v1/get-supervisor/': supervisorOwn,
  // The trainees' requests to a supervisor (issue 36): each supervisor lists the ones to them,
  // which name the trainee asking; only the supervisor asked answers one.
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
  // The digest's unsubscribe link carries its own key.
  'GET /api/v1/digest/unsubscribe/': open,
  'POST /api/v1/digest/unsubscribe/': open,
  // Issue 14: the supervisor's at-risk list and reminders (linked trainees only), and one's
  // private calendar feed; the feed itself is opened by the token in its URL.
  'GET /api/v1/at-risk/': supervisorOwn,
  'POST /api/v1/at-risk/remind/': supervisorOfTrainee,
  'GET /api/v1/calendar-feed/': ownAccount,
  'POST /api/v1/calendar-feed/': ownAccount,
  'DELETE /api/v1/calendar-feed/': ownAccount,
  'GET /api/v1/calendar/:token/feed.ics': open,
  // Billing: each person's own subscription.
  'GET /api/v1/subscription/': ownAccount,
  'GET /api/v1/user-subscription/': ownAccount,
  'POST /api/v1/charge-payment/': traineeOwn,
  'PUT /api/v1/charge-payment/': traineeOwn,
  'POST /api/v1/modify-subscription/': traineeOwn,
  'POST /api/v1/modify-payment-method/': traineeOwn,
  'GET /api/v1/user-payment-details/': ownAccount,
  'GET /api/v1/verify-coupon': ownAccount,
  'POST /api/v1/stripe-webhook/': open,
  // Files: signed storage links carry their own key; a picture's address is its key.
  'GET /api/v1/storage/object/': open,
  'PUT /api/v1/storage/object/': open,
  'POST /users/upload/signed-url': ownAccount,
  'POST /users/upload/picture': ownAccount,
  'GET /api/v1/users/picture/:userId/:name': open,
  'POST /api/v1/upload-record/': traineeOwn,
  'PATCH /api/v1/upload-record/:id/': traineeRecord,
  'DELETE /api/v1/upload-record/:id/': traineeRecord,
  'POST /api/v1/upload-record/:id/restore/': traineeRecord,
  // An uploaded file is read by every linked supervisor (the world's file is one); the file of
  // a form kept with one supervisor (completed in the app, a paper form's scan) only by the
  // supervisor it names, as that form's own routes answer (tests/api/form-hours.test.ts).
  'GET /api/v1/record-files/': traineeAndSupervisors,
  'GET /api/v1/record-files/deleted/': traineeOwn,
  'GET /api/v1/record-files/:id/download/': traineeAndSupervisors,
  // The supervision agendas (monthly logs) a supervisor writes for a linked trainee.
  'POST /api/v1/monthy-log/': supervisorOfTrainee,
  'GET /api/v1/monthy-log/': traineeAndSupervisors,
  'GET /api/v1/monthy-log/:id/': traineeAndItsSupervisor,
  'GET /api/v1/monthy-log/:id/pdf/': traineeAndItsSupervisor,
  // The official forms.
  'GET /api/v1/fvf-templates/': ownAccount,
  'POST /api/v1/fvf-templates/': ownAccount,
  'GET /api/v1/month-forms/': traineeAndSupervisors,
  'POST /api/v1/month-forms/': traineeRecord,
  'GET /api/v1/month-forms/:id/': traineeAndItsSupervisor,
  'GET /api/v1/month-forms/:id/download/': traineeAndItsSupervisor,
  'POST /api/v1/month-forms/:id/sign/': traineeAndItsSupervisor,
  // Monthly forms signed on paper (decision 024): recorded and removed by the trainee, read by
  // the trainee and the supervisor the form names, who alone confirms or rejects it (issue 36).
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
};
