import { formatMonthYear, formatUsDate, monthEnd, monthStart } from '../logs/time';

/*
 * Whether a supervisor qualifies (issue 39 part 3; docs/decisions/033-start-of-fieldwork.md).
 * The BCBA Handbook (updated 01/2026), "Supervisor Qualifications":
 *   "be an active BCBA … certified for at least one year …; OR … certified for less than one
 *   year … and receiving monthly consultation from a qualified consulting supervisor."
 *   "All supervisors must also: complete an 8-hour supervision training … before signing a
 *   supervision contract."
 * and "Multiple Supervisors at One Organization": "The Responsible Supervisor must meet all
 * supervision requirements for the entire duration of the M-FVF or F-FVF they sign."
 * These are warnings, with the section, never removals: the product cannot see the BACB's
 * registry, and the Handbook does not say the hours are lost.
 */

export type QualificationFacts = {
  name: string;
  /** BACB certification date; null when the profile does not say. */
  certifiedOn: string | null;
  /** The 8-hour supervision training's completion date; null when not recorded. */
  trainingCompletedOn: string | null;
  /** Months ('YYYY-MM') with a consultation meeting recorded. */
  consultationMonths: readonly string[];
};

export type QualificationFlag = {
  code:
    | 'certification-unknown'
    | 'not-certified'
    | 'consultation-missing'
    | 'training-unknown'
    | 'training-after-contract'
    | 'training-after-month';
  message: string;
};

const SECTION = 'Handbook, "Supervisor Qualifications"';

/** The first anniversary of certification: certified "for at least one year" from that day on. */
export function firstAnniversary(certifiedOn: string): string {
  const [year, month, day] = certifiedOn.split('-').map(Number) as [number, number, number];
  // 29 February's anniversary is 1 March in a common year (a full year has passed by then).
  const candidate = new Date(Date.UTC(year + 1, month - 1, day));
  return candidate.toISOString().slice(0, 10);
}

/**
 * Whether any day of `month` falls in the supervisor's first year of certification (the day of
 * the first anniversary is no longer in it). A month holding the anniversary needs its
 * consultation for the days before it: the Handbook asks for one "each month that you provide
 * supervision" during the first year.
 */
export function isFirstYearMonth(certifiedOn: string, month: string): boolean {
  return monthEnd(month) >= certifiedOn && monthStart(month) < firstAnniversary(certifiedOn);
}

/** Whether the training was completed before (or on the day of) signing the contract. */
export function trainingFlagForContract(
  facts: Pick<QualificationFacts, 'name' | 'trainingCompletedOn'>,
  contractSignedOn: string,
): QualificationFlag | null {
  if (facts.trainingCompletedOn === null)
    return {
      code: 'training-unknown',
      message: `${facts.name}'s 8-hour supervision training date is not on record: it must be completed "before signing a supervision contract" (${SECTION}).`,
    };
  // Dates carry no time: training completed the day the contract was signed is taken as before it.
  if (facts.trainingCompletedOn > contractSignedOn)
    return {
      code: 'training-after-contract',
      message: `${facts.name} completed the 8-hour supervision training on ${formatUsDate(facts.trainingCompletedOn)}, after the contract was signed on ${formatUsDate(contractSignedOn)}: it must be completed "before signing a supervision contract" (${SECTION}).`,
    };
  return null;
}

/** What keeps a supervisor from qualifying for a month they supervised (or signs a form for). */
export function monthQualificationFlags(
  facts: QualificationFacts,
  month: string,
): QualificationFlag[] {
  const flags: QualificationFlag[] = [];
  const when = formatMonthYear(month);
  if (facts.certifiedOn === null) {
    flags.push({
      code: 'certification-unknown',
      message: `${facts.name}'s BACB certification date is not in their profile, so ${when} cannot be checked (${SECTION}).`,
    });
  } else if (facts.certifiedOn > monthEnd(month)) {
    flags.push({
      code: 'not-certified',
      message: `${facts.name} was not yet certified in ${when} (certified ${formatUsDate(facts.certifiedOn)}; ${SECTION}).`,
    });
  } else if (
    isFirstYearMonth(facts.certifiedOn, month) &&
    !facts.consultationMonths.includes(month)
  ) {
    flags.push({
      code: 'consultation-missing',
      message: `${facts.name} was in their first year of certification in ${when} with no consultation recorded: a supervisor certified less than a year needs "monthly consultation from a qualified consulting supervisor" (${SECTION}).`,
    });
  }
  if (facts.trainingCompletedOn === null) {
    flags.push({
      code: 'training-unknown',
      message: `${facts.name}'s 8-hour supervision training date is not on record (${SECTION}).`,
    });
  } else if (facts.trainingCompletedOn > monthEnd(month)) {
    flags.push({
      code: 'training-after-month',
      message: `${facts.name} completed the 8-hour supervision training on ${formatUsDate(facts.trainingCompletedOn)}, after ${when} (${SECTION}).`,
    });
  }
  return flags;
}

/** First-year months the supervisor supervised without a consultation recorded, oldest first. */
export function monthsMissingConsultation(
  facts: QualificationFacts,
  supervisedMonths: readonly string[],
): string[] {
  if (facts.certifiedOn === null) return [];
  const certifiedOn = facts.certifiedOn;
  return [...new Set(supervisedMonths)]
    .filter(
      (month) =>
        monthEnd(month) >= certifiedOn &&
        isFirstYearMonth(certifiedOn, month) &&
        !facts.consultationMonths.includes(month),
    )
    .sort();
}

/** A flag as a form or a supervisor list carries it: the month it is about (null for none). */
export type DatedQualificationFlag = QualificationFlag & { month: string | null };

const UNDATED: readonly QualificationFlag['code'][] = ['certification-unknown', 'training-unknown'];

/**
 * The flags of every month a form covers (an M-FVF's one, an F-FVF's whole period, in the order
 * given): "The Responsible Supervisor must meet all supervision requirements for the entire
 * duration of the M-FVF or F-FVF they sign" (Handbook, "Multiple Supervisors at One
 * Organization"). A missing date is said once, not once a month.
 */
export function periodQualificationFlags(
  facts: QualificationFacts,
  months: readonly string[],
): DatedQualificationFlag[] {
  const flags: DatedQualificationFlag[] = [];
  for (const month of months) {
    for (const flag of monthQualificationFlags(facts, month)) {
      const isUndated = UNDATED.includes(flag.code);
      if (isUndated && flags.some((kept) => kept.code === flag.code)) continue;
      const isPeriodWide = isUndated && months.length > 1;
      flags.push({ ...flag, month: isPeriodWide ? null : month });
    }
  }
  const first = months[0];
  const last = months[months.length - 1];
  if (first === undefined || last === undefined || first === last) return flags;
  // The period's, not its first month's: the date is missing for all of it.
  const period = `${formatMonthYear(first)} to ${formatMonthYear(last)}`;
  return flags.map((flag) =>
    flag.code === 'certification-unknown'
      ? {
          ...flag,
          message: `${facts.name}'s BACB certification date is not in their profile, so ${period} cannot be checked (${SECTION}).`,
        }
      : flag,
  );
}
