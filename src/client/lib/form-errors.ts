import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/**
 * Puts the server's field messages under their fields and toasts the rest. Returns the messages
 * that had no field, so a form can show them too.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) {
    notifyError('Something went wrong. Please try again.');
    return;
  }
  let isUnplaced = Object.keys(error.fields).length === 0;
  for (const [field, messages] of Object.entries(error.fields)) {
    const name = fieldNames.find((candidate) => candidate === field);
    if (name && messages[0]) setError(name, { type: 'server', message: messages[0] });
    else isUnplaced = true;
  }
  if (isUnplaced) for (const message of error.messages) notifyError(message);
}
