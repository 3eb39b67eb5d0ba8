import { TextInput } from '@mantine/core';
import { minutesToHours } from '../../../../shared/logs/time';
import { useMarkFlagged } from './field-flags';

/**
 * A read-only computed figure (SPEC §4): an input a screen reader announces as read only, with
 * what it is computed from as its description.
 */
export function ComputedField({
  label,
  minutes,
  computedFrom,
  error,
  field,
}: {
  label: string;
  minutes: number | null;
  computedFrom: string;
  error: string | undefined;
  /** The wire field, marked when flagged (edit and resend). */
  field?: string;
}) {
  const mark = useMarkFlagged();
  return (
    <TextInput
      {...mark(field ?? '', label, computedFrom)}
      value={minutes === null ? '' : String(minutesToHours(minutes))}
      placeholder="—"
      readOnly
      variant="filled"
      // Until the times are filled in, their own fields say what is missing; once there is a
      // figure, a rule it breaks (e.g. negative hours) is shown under it.
      error={minutes === null ? undefined : error}
      withErrorStyles={false}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
