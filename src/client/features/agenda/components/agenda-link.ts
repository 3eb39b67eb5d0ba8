import { monthEnd, monthOf, monthStart } from '../../../../shared/logs/time';

/** The router state the agenda page is opened with (SPEC §2): a date and its month's range. */
export type AgendaArrival = {
  date_of_experience: string;
  range: { start: string; end: string };
};

/** Where to open the supervision contact agenda of a date: its month, and the date as state. */
export function agendaLink(date: string): { to: string; state: AgendaArrival } {
  return {
    to: `/student/supervision-contact-agenda?view=monthly&month=${monthOf(date)}`,
    state: { date_of_experience: date, range: { start: monthStart(date), end: monthEnd(date) } },
  };
}
