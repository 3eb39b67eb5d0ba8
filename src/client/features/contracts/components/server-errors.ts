import { ApiError } from '../../../lib/api-client';

/**
 * A refused answer split for a dialog: the first message of each of its own fields (shown under
 * the field), and every other message in one line (shown in the dialog's alert).
 */
export function splitServerErrors<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
  fallback: string,
): { fields: Partial<Record<F, string>>; other: string | undefined } {
  if (!(error instanceof ApiError)) return { fields: {}, other: fallback };
  const fields: Partial<Record<F, string>> = {};
  const other: string[] = [];
  const entries = Object.entries(error.fields);
  if (entries.length === 0) other.push(error.message);
  for (const [field, messages] of entries) {
    const name = fieldNames.find((candidate) => candidate === field);
    if (name && messages[0]) fields[name] = messages[0];
    else other.push(...messages);
  }
  return { fields, other: other.length > 0 ? other.join(' ') : undefined };
}
