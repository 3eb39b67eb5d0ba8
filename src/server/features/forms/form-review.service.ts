import { AppError } from '../../../shared/errors';
import { notReviewedMessage } from '../../../shared/forms/form-review';
import type { Db } from '../../db/client';
import { findActiveSignoff, signOffMonth } from '../logs';
import { logsToReview } from './month-forms.repository';
import { subjectOfRecord } from './form-access';

/*
 * A supervisor's signature of a month's M-FVF, in the app or by confirming a paper form, is
 * their sign-off of the month (issue 36, src/shared/forms/form-review.ts): refused while a log it
 * reports (or one of theirs that month) is pending or flagged, and, given, it signs the month
 * off for them if they had not, so the month's logs are locked while the form stands.
 */

type MonthFormKey = {
  traineeId: number;
  traineeSupervisorId: number;
  month: string;
  experienceTypeId: number;
};

/** 409 naming what waits, unless every log the supervisor's signature covers is approved. */
export async function assertReviewedForSignature(
  db: Db,
  form: MonthFormKey,
  supervisorUserId: number,
): Promise<void> {
  const subject = await subjectOfRecord(db, form.traineeId, form.traineeSupervisorId);
  const message = notReviewedMessage(
    await logsToReview(db, {
      traineeId: form.traineeId,
      month: form.month,
      recordIds: subject.records.map((record) => record.id),
      experienceTypeId: form.experienceTypeId,
      supervisorUserId,
    }),
  );
  if (message) throw new AppError('CONFLICT', message);
}

/** Signs the form's month off for the supervisor, in the signature's transaction, once. */
export async function signOffWithForm(
  tx: Db,
  form: MonthFormKey,
  supervisorUserId: number,
  now: Date,
): Promise<void> {
  if (await findActiveSignoff(tx, form.traineeId, form.month, supervisorUserId)) return;
  await signOffMonth(tx, {
    traineeId: form.traineeId,
    supervisorUserId,
    month: form.month,
    now,
  });
}
