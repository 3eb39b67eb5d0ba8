import type { PeriodBreak } from '../../../shared/forms/experience-periods';
import { formatMonthYear } from '../../../shared/logs/time';

// The engine's own refusals are fvf/fvf.errors.ts; wire messages shared with the client are in
// src/shared/forms.
export const FORMS_MESSAGES = {
  formNotFound: 'Form not found',
  supervisorNotFound: 'Supervisor not found',
  fill: {
    profileIncomplete: (missing: readonly string[]) =>
      `Add your ${missing.join(', ')} to your profile before filling a form: the BACB's form asks for ${missing.length === 1 ? 'it' : 'them'}.`,
    filledMeanwhile:
      'This form was filled at the same moment by another request: reload and try again.',
  },
  month: {
    monthNotOver:
      'This month is not over yet: its form can be filled from the first day of the next month.',
    noHours: (month: string) =>
      `No hours are logged with this supervisor and fieldwork type in ${formatMonthYear(month)}.`,
    complete:
      'This form is signed by both parties and can no longer change. Reopening the month voids it.',
  },
  final: {
    periodNotOver:
      'The last month of this period is not over yet: a final form can include it from the first day of the next month.',
    noHours: (from: string, to: string) =>
      `No hours with this supervisor count from ${formatMonthYear(from)} to ${formatMonthYear(to)}.`,
    /** Handbook "Fieldwork Verification Forms": a break starts a new supervision experience. */
    periodBreak: (withWhom: string, gap: PeriodBreak) => {
      const months =
        gap.fromMonth === gap.toMonth
          ? `${formatMonthYear(gap.fromMonth)} has`
          : `${formatMonthYear(gap.fromMonth)} to ${formatMonthYear(gap.toMonth)} have`;
      const noHours = `${months} no hours with ${withWhom}`;
      if (gap.before === null) {
        return `${noHours}: a supervision experience starts with its first month with hours; start the period in ${formatMonthYear(gap.after ?? gap.toMonth)}.`;
      }
      if (gap.after === null) {
        return `${noHours}: a supervision experience ends with its last month with hours; end the period in ${formatMonthYear(gap.before)}.`;
      }
      return `${noHours}: a break starts a new supervision experience; fill one final form up to ${formatMonthYear(gap.before)} and another from ${formatMonthYear(gap.after)}.`;
    },
    complete:
      'This final form is signed and can no longer change. Reopening a month of its period voids it.',
  },
  signing: {
    voided: 'This form was voided when its month was reopened: fill a new one.',
    outdated:
      'The logs of this month changed after the form was filled, so it no longer shows them. Fill the form again, then sign.',
    outdatedPeriod:
      'The hours of this period changed after the form was filled, so it no longer shows them. Fill the form again, then sign.',
    changedMeanwhile: 'This form changed while you were signing it: open it again and sign.',
  },
} as const;
