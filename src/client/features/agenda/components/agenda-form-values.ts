import type {
  AgendaFormInput,
  MonthlyDocumentRecord,
} from '../../../../shared/agenda/agenda.schema';

/** The agenda's yes/no boxes, by the contract's names. */
export type AgendaBox =
  | 'fieldHoursCheck'
  | 'supervisedFieldwork'
  | 'practicum'
  | 'intensivePracticum'
  | 'superviseeCheck'
  | 'observationChecK'
  | 'clinicalPracticeCheck'
  | 'completed'
  | 'notCompleted'
  | 'inPerson'
  | 'online'
  | 'taskListReviewCheck';

/** The form's fields a server message can be put under. */
export const AGENDA_FIELD_NAMES = [
  'date',
  'supervisee',
  'startTime',
  'endTime',
  'format',
  'superviseeFeedback',
  'observationDate',
  'skills',
  'observationFeedback',
  'type',
  'clinicalPracticeFeedback',
] as const;

/** The form's values (the schema's input: what a person has typed so far). */
export type AgendaFormFields = AgendaFormInput;

/** A blank agenda of a date for a trainee: nothing ticked, nothing written. */
export function blankAgenda(date: string, supervisee: string): Required<AgendaFormFields> {
  return {
    date,
    supervisee,
    startTime: '',
    endTime: '',
    format: '',
    fieldHoursCheck: false,
    supervisedFieldwork: false,
    practicum: false,
    intensivePracticum: false,
    superviseeCheck: false,
    superviseeFeedback: '',
    observationChecK: false,
    observationDate: '',
    skills: [],
    observationFeedback: '',
    clinicalPracticeCheck: false,
    type: '',
    completed: false,
    notCompleted: false,
    inPerson: false,
    online: false,
    clinicalPracticeFeedback: '',
    taskListReviewCheck: false,
    tasks: [],
  };
}

/** A saved agenda as the form's values, to change it. */
export function agendaValues(saved: MonthlyDocumentRecord): Required<AgendaFormFields> {
  const {
    id: _id,
    supervisor: _record,
    supervisor_name: _name,
    iso_week: _week,
    created_at: _created,
    updated_at: _updated,
    observationDate,
    ...fields
  } = saved;
  return { ...fields, observationDate: observationDate ?? '' };
}
