/**
 * The label each wire field of a log has on the form, for toasts, the error summary, the history
 * and the import preview.
 */
export const LOG_FIELD_LABELS: Readonly<Record<string, string>> = {
  expereince_type: 'Experience Type',
  setting: 'Setting',
  supervisor: 'Supervisor',
  trainee_supervisor: 'Supervisor',
  newSupervisor: "New supervisor's name",
  newSupervisorEmail: "New supervisor's email",
  date_of_experience: 'Date of Experience',
  time_of_expereince_start: 'Start Time',
  time_of_expereince_end: 'End Time',
  unrestricted_hours: 'Unrestricted Hours',
  restricted_hours: 'Restricted Hours',
  experience_hours: 'Experience Hours',
  individual_or_group: 'Individual or group supervision?',
  method_of_supervision: 'Method of Supervision',
  supervision_start_time: 'Supervision Start',
  supervision_end_time: 'Supervision End',
  supervised_hours: 'Supervised Hours',
  independant_hours: 'Independent Hours',
  client_observation: 'Client Observation?',
  observation_hours: 'Observation Hours',
  supervision_contact: 'Supervision contact',
  task: 'Tasks',
  experience_note: 'Experience Notes',
  status: 'Status',
};
