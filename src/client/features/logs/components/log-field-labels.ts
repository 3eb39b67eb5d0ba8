import { LOG_FIELD_LABELS } from '../../../../shared/logs/log-field-labels';
import type { LogFormValues } from './log-form-values';

/** The form fields a server message can be placed under, in the order the form shows them. */
export const LOG_FORM_FIELDS = [
  'expereince_type',
  'setting',
  'supervisor',
  'newSupervisor',
  'newSupervisorEmail',
  'date_of_experience',
  'time_of_expereince_start',
  'time_of_expereince_end',
  'unrestricted_hours',
  'restricted_hours',
  'experience_hours',
  'individual_or_group',
  'supervision_start_time',
  'supervision_end_time',
  'supervised_hours',
  'independant_hours',
  'method_of_supervision',
  'client_observation',
  'observation_hours',
  'supervision_contact',
  'task',
  'experience_note',
] as const satisfies readonly (keyof LogFormValues)[];

/** The computed, read-only fields: shown, never focused. */
const COMPUTED_FIELDS: readonly string[] = [
  'restricted_hours',
  'experience_hours',
  'supervised_hours',
  'independant_hours',
];

/**
 * The first field, in the order of the form, that has a message and can take the focus. With
 * '+ Add new' open, a message for the supervisor select belongs to the new supervisor's name.
 */
export function firstFieldToFocus(
  fieldsWithMessages: readonly string[],
  { isAddingSupervisor }: { isAddingSupervisor: boolean },
): LogFormField | undefined {
  const names = new Set(
    fieldsWithMessages.map((field) =>
      isAddingSupervisor && field === 'supervisor' ? 'newSupervisor' : field,
    ),
  );
  return LOG_FORM_FIELDS.find((field) => names.has(field) && !COMPUTED_FIELDS.includes(field));
}

export type LogFormField = (typeof LOG_FORM_FIELDS)[number];

/** The label of a field, or the field name made readable when it has none. */
export function labelOfField(field: string): string {
  const label = LOG_FIELD_LABELS[field];
  if (label) return label;
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
