import { AppError } from '../../../shared/errors';
import { notReviewedMessage } from '../../../shared/forms/form-review';
import type { Db } from '../../db/client';
import { findActiveSignoff, signOffMonth } from '../logs';
import { logsToReview } from './month-forms.repository';
import { subjectOfRecord } from './form-access';

// A supervisor's M-FVF signature, in the app or by confirming a paper form, signs the month off
// (issue 36, src/shared/forms/form-review.ts); refused while a log it reports is pending or
// flagged.

type MonthFormKey = {
  traineeId: number;
  traineeSupervisorId: number;
  month: string;
  experienceTypeId: number;
};

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

/** In the signature's transaction. */
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
