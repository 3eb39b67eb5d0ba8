import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { notifyError } from './notify';

/**
 * Puts the server's field messages under their fields and toasts the rest (SPEC §8); with
 * `toastEach`, every message is toasted too ('Field: message'), as SPEC §8 asks of some forms.
 * Returns the messages that had no field on this form, so the form can show them in its alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  options: { toastEach?: boolean } = {},
): string[] {
  if (!(error instanceof ApiError)) {
    const message = 'Something went wrong. Please try again.';
    notifyError(message);
    return [message];
  }
  const unplaced: string[] = [];
  const entries = Object.entries(error.fields);
  if (entries.length === 0) unplaced.push(error.message);
  for (const [field, messages] of entries) {
    const name = fieldNames.find((candidate) => candidate === field);
    if (name && messages[0])
      setError(name, { type: 'server', message: messages[0] }, { shouldFocus: true });
    else unplaced.push(...messages);
  }
  for (const message of options.toastEach ? error.messages : unplaced) notifyError(message);
  return unplaced;
}
