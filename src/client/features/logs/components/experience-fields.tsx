import { TimeInput } from '@mantine/dates';
import { Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ComputedField } from './computed-field';
import { DeferredDateInput } from './deferred-widgets';
import { useMarkFlagged } from './field-flags';
import { HoursInput } from './hours-input';
import type { ComputedMinutes, LogFormControl, LogFormValues } from './log-form-values';
import { FormColumns } from './form-columns';

type ExperienceFieldsProps = {
  control: LogFormControl;
  register: UseFormRegister<LogFormValues>;
  errors: FieldErrors<LogFormValues>;
  minutes: ComputedMinutes;
  /** The trainee's today: no later date can be picked. */
  today: string;
  /** The chosen experience type ('2' is concentrated). */
  experienceType: LogFormValues['expereince_type'];
};

/**
 * When the fieldwork took place and how long: the date and times, the unrestricted hours the
 * trainee enters, and the restricted and experience hours computed from them (SPEC §4).
 */
export function ExperienceFields({
  control,
  register,
  errors,
  minutes,
  today,
  experienceType,
}: ExperienceFieldsProps) {
  const mark = useMarkFlagged();
  return (
    <>
      <FormColumns count={3}>
        <Controller
          control={control}
          name="date_of_experience"
          render={({ field, fieldState }) => (
            <DeferredDateInput
              ref={field.ref}
              name={field.name}
              {...mark('date_of_experience', 'Date of Experience')}
              required
              placeholder="YYYY-MM-DD"
              valueFormat="YYYY-MM-DD"
              maxDate={today}
              value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
              onChange={(next) => field.onChange(next ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TimeInput
          {...mark('time_of_expereince_start', 'Start Time')}
          required
          {...register('time_of_expereince_start')}
          error={errors.time_of_expereince_start?.message}
        />
        <TimeInput
          {...mark('time_of_expereince_end', 'End Time')}
          required
          {...register('time_of_expereince_end')}
          error={errors.time_of_expereince_end?.message}
        />
      </FormColumns>

      <FormColumns count={3}>
        <Controller
          control={control}
          name="unrestricted_hours"
          render={({ field, fieldState }) => (
            <HoursInput
              ref={field.ref}
              name={field.name}
              {...mark('unrestricted_hours', 'Unrestricted Hours', 'In steps of 0.25')}
              required
              value={field.value ?? ''}
              onChange={(next) => field.onChange(next)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <ComputedField
          label="Restricted Hours"
          field="restricted_hours"
          minutes={minutes.restricted}
          computedFrom="Experience − unrestricted"
          error={errors.restricted_hours?.message}
        />
        <ComputedField
          label="Experience Hours"
          field="experience_hours"
          minutes={minutes.experience}
          computedFrom={experienceType === '2' ? 'End − start (×1.33 toward 2,000)' : 'End − start'}
          error={errors.experience_hours?.message}
        />
      </FormColumns>
    </>
  );
}
