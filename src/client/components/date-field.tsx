import { DateInput } from '@mantine/dates';
import {
  useController,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';

type DateFieldProps<T extends FieldValues, N extends FieldPath<T>, R> = UseControllerProps<
  T,
  N,
  R
> & { label: string; required?: boolean };

/**
 * A form date field: pick from a calendar or type YYYY-MM-DD. The form value is the
 * `YYYY-MM-DD` string of the wire, '' when empty.
 */
export function DateField<T extends FieldValues, N extends FieldPath<T>, R>({
  label,
  required = false,
  ...controller
}: DateFieldProps<T, N, R>) {
  const { field, fieldState } = useController(controller);
  const value: unknown = field.value;
  return (
    <DateInput
      ref={field.ref}
      name={field.name}
      label={label}
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      // The month arrows are icons: they need names; faded days of other months are hidden
      // rather than shown below the contrast a reader needs.
      previousLabel="Previous month"
      nextLabel="Next month"
      hideOutsideDates
      required={required}
      value={typeof value === 'string' && value !== '' ? value : null}
      onChange={(next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
