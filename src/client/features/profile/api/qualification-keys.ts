/**
 * Issue 39's queries, all under one key so a change refreshes them together: a supervisor's
 * consultations, a trainee's supervisors' qualifications. Kept here, not in lib/query-keys, as
 * only this feature reads them (and that module is in every page's first download).
 */
export const QUALIFICATION_KEYS = {
  all: ['qualification'] as const,
  consultations: ['qualification', 'consultations'] as const,
  supervisors: ['qualification', 'supervisors'] as const,
};
