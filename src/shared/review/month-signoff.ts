import { formSubjects, subjectKey, subjectOf } from '../supervisors/form-subject';
import { formatMonthYear } from '../logs/time';

type StructureRecord = { id: number; organization: string };

/** A live sign-off: the record it was signed for (null: an older one covering nothing). */
export type Signoff = { month: string; traineeSupervisorId: number | null; signedBy: string };

/**
 * A sign-off covers its structure's logs of its month, and no other (issue 38). BCBA Handbook,
 * "Multiple Settings and/or Supervisors": "they must meet all relevant requirements for each
 * organized fieldwork experience (i.e., for each Monthly Fieldwork Verification Form (M-FVF) and
 * Final Fieldwork Verification Form (F-FVF)) for every month of accrual". The structure is the
 * form subject (`subjectKey`): the signing record's own, or every record at its organization.
 */
export function signoffCovering<S extends Signoff>(
  signoffs: readonly S[],
  records: readonly StructureRecord[],
  log: { month: string; traineeSupervisorId: number },
): S | undefined {
  const keyOf = (id: number) =>
    subjectKey(records.find((record) => record.id === id) ?? { id, organization: '' });
  const key = keyOf(log.traineeSupervisorId);
  return signoffs.find(
    (signoff) =>
      signoff.month === log.month &&
      signoff.traineeSupervisorId !== null &&
      keyOf(signoff.traineeSupervisorId) === key,
  );
}

/** Why a write touching a log of a signed structure-month is refused, naming who signed it. */
export function signedMonthMessage(signoff: Signoff, records: readonly StructureRecord[]): string {
  const id = signoff.traineeSupervisorId;
  // Named as the structure's earliest record spells it, as its forms are.
  const organization =
    (id === null ? undefined : subjectOf(formSubjects(records), id))?.organization ?? '';
  const month = formatMonthYear(signoff.month);
  const what =
    organization === ''
      ? `${signoff.signedBy} signed off ${month}, so your logs with them in that month are locked`
      : `${signoff.signedBy} signed off ${month} for ${organization}, so your logs at ${organization} in that month are locked`;
  return `${what}: none can be added, changed, moved in or out, or deleted. Ask them to reopen the month if something must change.`;
}
