import { AppError } from '../../../shared/errors';
import type { LinkRequest } from '../../../shared/supervisors/link-request.schema';
import type { LinkStatus } from '../../../shared/supervisors/trainee-supervisor.schema';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { linkRequestMail } from './link-request-emails';
import * as repo from './link-requests.repository';

/*
 * A supervisor's say (issue 36): the account sees nothing of the trainee until it accepts,
 * because every supervisor query reads the record's `supervisor_user_id`, set only then.
 */
export type LinkMail = { mailer: Mailer; appUrl: string };

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Request not found');

/** The mail owed (null after a decline) is the caller's to send once its transaction commits. */
export async function askToLink(
  db: Db,
  ask: {
    record: { id: number; traineeId: number; email: string };
    supervisorUserId: number;
    trainee: { name: string; email: string };
    appUrl: string;
    now: Date;
  },
): Promise<{ status: LinkStatus; mail: MailMessage | null }> {
  const [row] = await repo.askForRecords(db, ask.supervisorUserId, [ask.record], ask.now);
  const status = row?.status ?? 'pending';
  const mail =
    status === 'pending'
      ? linkRequestMail({
          to: ask.record.email,
          traineeName: ask.trainee.name,
          traineeEmail: ask.trainee.email,
          appUrl: ask.appUrl,
        })
      : null;
  return { status, mail };
}

/** No mail: the supervisor is signing in, and the requests wait on their home screen. */
export async function askByEmail(db: Db, supervisor: { id: number; email: string }, now: Date) {
  const records = await repo.unlinkedRecordsWithEmail(db, supervisor.email);
  await repo.askForRecords(db, supervisor.id, records, now);
}

function toLinkRequest(row: repo.AnswerableRequest): LinkRequest {
  return {
    id: row.id,
    trainee_name: row.traineeName,
    trainee_email: row.traineeEmail,
    requested_at: row.requestedAt.toISOString(),
    status: row.status,
  };
}

export async function listLinkRequests(ctx: { db: Db; actor: Actor }): Promise<LinkRequest[]> {
  return (await repo.listPendingFor(ctx.db, ctx.actor.id)).map(toLinkRequest);
}

/** Answering twice is a 409 that says what it was. */
export async function answerLinkRequest(ctx: {
  db: Db;
  actor: Actor;
  id: number;
  accept: boolean;
  now: Date;
}): Promise<LinkRequest> {
  const { actor, id, now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const request = await repo.findAnswerable(tx, actor.id, id);
    if (!request) throw NOT_FOUND();
    const status = ctx.accept ? 'accepted' : 'declined';
    if (request.status !== 'pending') {
      throw new AppError('CONFLICT', `You already ${request.status} this request.`);
    }
    if (!(await repo.answer(tx, id, status, now))) {
      throw new AppError('CONFLICT', 'This request was answered meanwhile.');
    }
    if (ctx.accept) await repo.linkRecord(tx, request.recordId, actor.id);
    return toLinkRequest({ ...request, status });
  });
}
