import { DateInput } from '@mantine/dates';
import { localToday } from '../../../lib/local-date';

/**
 * A contract's date, typed as YYYY-MM-DD or picked, never after today where the person lives
 * (a signing or a termination has happened); '' when empty.
 */
export function PastDateInput({
  label,
  description,
  value,
  minDate,
  error,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  minDate?: string | null;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <DateInput
      label={label}
      description={description}
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      // The month arrows are icons: they need names (as components/date-field.tsx).
      previousLabel="Previous month"
      nextLabel="Next month"
      hideOutsideDates
      minDate={minDate ?? undefined}
      maxDate={localToday()}
      required
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      error={error}
    />
  );
}
