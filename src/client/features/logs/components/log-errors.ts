import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { LOG_FORM_FIELDS, labelOfField, type LogFormField } from './log-field-labels';
import type { LogFormValues } from './log-form-values';

const UNKNOWN_FAILURE = 'Something went wrong. Please try again.';

/** SPEC §8 toasts a field error as 'field: message!'; a message with its own stop keeps it. */
function fieldMessage(field: string, message: string): string {
  const text = /[.!?]$/.test(message) ? message : `${message}!`;
  return `${labelOfField(field)}: ${text}`;
}

function formFieldOf(field: string): LogFormField | undefined {
  // The contract names the supervisor record twice; the form has one select for it.
  const name = field === 'trainee_supervisor' ? 'supervisor' : field;
  return LOG_FORM_FIELDS.find((candidate) => candidate === name);
}

/** What a failed save reported: every message, and the form fields that got one. */
export type ReportedLogErrors = { messages: string[]; fields: LogFormField[] };

/**
 * A failed save: each server message goes under its field, is toasted (SPEC §8) and returned for
 * the form's error summary.
 */
export function reportLogErrors(
  error: unknown,
  setError: UseFormSetError<LogFormValues>,
): ReportedLogErrors {
  if (!(error instanceof ApiError)) {
    notifyError(UNKNOWN_FAILURE);
    return { messages: [UNKNOWN_FAILURE], fields: [] };
  }
  const entries = Object.entries(error.fields);
  const messages: string[] = [];
  const fields: LogFormField[] = [];
  if (entries.length === 0) messages.push(error.message);
  for (const [field, fieldMessages] of entries) {
    const name = formFieldOf(field);
    const first = fieldMessages[0];
    if (name && first) {
      setError(name, { type: 'server', message: first });
      fields.push(name);
    }
    for (const message of fieldMessages) {
      messages.push(field === 'non_field_errors' ? message : fieldMessage(field, message));
    }
  }
  for (const message of messages) notifyError(message);
  return { messages, fields };
}
