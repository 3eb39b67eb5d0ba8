/*
 * A test factory for the supervision contact agenda: a valid POST /api/v1/monthy-log/ body for a
 * trainee, with overrides.
 */

/** A supervision meeting of March 12, 2026, 09:00–10:30, every section ticked. */
export function createAgendaPayload(
  traineeId: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    u_id: traineeId,
    date: '2026-03-12',
    supervisee: 'Zoë Ångström',
    startTime: '09:00',
    endTime: '10:30',
    format: 'In Person',
    fieldHoursCheck: true,
    supervisedFieldwork: true,
    superviseeCheck: true,
    superviseeFeedback: 'Asked about graphing.',
    observationChecK: true,
    observationDate: '2026-03-10',
    skills: ['A.1'],
    observationFeedback: 'Clear prompts.',
    clinicalPracticeCheck: true,
    type: 'Parent training',
    completed: true,
    online: true,
    clinicalPracticeFeedback: 'Kept to time.',
    taskListReviewCheck: true,
    tasks: [{ name: 'C.1', canDemonstrate: true, canExplain: false, feedback: 'Reviewed' }],
    ...overrides,
  };
}
