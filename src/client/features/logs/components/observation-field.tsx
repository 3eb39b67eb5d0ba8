import { useEffect, useRef } from 'react';
import { useController, type UseFormSetValue } from 'react-hook-form';
import { hoursToMinutes, minutesToHours } from '../../../../shared/logs/time';
import { readNumber } from '../../../../shared/logs/wire-values';
import { useMarkFlagged } from './field-flags';
import { HoursInput } from './hours-input';
import type { LogFormControl, LogFormValues } from './log-form-values';

type ObservationFieldProps = {
  control: LogFormControl;
  setValue: UseFormSetValue<LogFormValues>;
  /** The supervision window in minutes; null until both supervision times are valid. */
  windowMinutes: number | null;
};

/** True when the field is blank or holds the whole window: it then follows the window. */
function isWholeWindow(value: LogFormValues['observation_hours'], windowMinutes: number | null) {
  const read = readNumber(value);
  return read.kind !== 'value' || hoursToMinutes(read.value) === windowMinutes;
}

/**
 * How long the supervisor observed the trainee with a client (the 2027 standards count the
 * minutes), shown while Client Observation is Yes. It starts as the whole supervision window and
 * follows the window's changes until the trainee types another duration; left blank, the server
 * counts the whole window.
 */
export function ObservationField({ control, setValue, windowMinutes }: ObservationFieldProps) {
  const mark = useMarkFlagged();
  const { field, fieldState } = useController({ control, name: 'observation_hours' });
  const followsWindow = useRef(isWholeWindow(field.value, windowMinutes));

  useEffect(() => {
    if (!followsWindow.current) return;
    setValue('observation_hours', windowMinutes === null ? '' : minutesToHours(windowMinutes));
  }, [windowMinutes, setValue]);

  const read = readNumber(field.value);
  const minutes = read.kind === 'value' && read.value > 0 ? hoursToMinutes(read.value) : null;
  return (
    <HoursInput
      ref={field.ref}
      name={field.name}
      {...mark(
        'observation_hours',
        'Observation Hours',
        `Time observed with a client, at most the supervision window${minutes === null ? '' : ` (${minutes} min)`}`,
      )}
      value={field.value ?? ''}
      onChange={(next) => {
        followsWindow.current = next === '';
        field.onChange(next);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
