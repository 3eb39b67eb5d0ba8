import { Select, SimpleGrid, Stack } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
  Controller,
  useWatch,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import type { LogLookups } from '../api/get-lookups';
import { ComputedField } from './computed-field';
import { useMarkFlagged } from './field-flags';
import type { ComputedMinutes, LogFormControl, LogFormValues } from './log-form-values';
import { ObservationField } from './observation-field';

type SupervisionFieldsProps = {
  control: LogFormControl;
  register: UseFormRegister<LogFormValues>;
  setValue: UseFormSetValue<LogFormValues>;
  errors: FieldErrors<LogFormValues>;
  lookups: LogLookups;
  minutes: ComputedMinutes;
};

const selectValue = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/** The fields of an Individual or Group entry; 'No supervision' hides them all (SPEC §4). */
export function SupervisionFields({
  control,
  register,
  setValue,
  errors,
  lookups,
  minutes,
}: SupervisionFieldsProps) {
  const mark = useMarkFlagged();
  const clientObservation = useWatch({ control, name: 'client_observation' });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TimeInput
          {...mark('supervision_start_time', 'Supervision Start')}
          required
          {...register('supervision_start_time')}
          error={errors.supervision_start_time?.message}
        />
        <TimeInput
          {...mark('supervision_end_time', 'Supervision End')}
          required
          {...register('supervision_end_time')}
          error={errors.supervision_end_time?.message}
        />
        <ComputedField
          label="Supervised Hours"
          field="supervised_hours"
          minutes={minutes.supervised}
          computedFrom="Supervision end − start"
          error={errors.supervised_hours?.message}
        />
        <ComputedField
          label="Independent Hours"
          field="independant_hours"
          minutes={minutes.independent}
          computedFrom="Experience − supervised"
          error={errors.independant_hours?.message}
        />
        <Controller
          control={control}
          name="method_of_supervision"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              {...mark('method_of_supervision', 'Method of Supervision')}
              required
              placeholder="Choose"
              data={lookups.methods.map((item) => item.name)}
              value={selectValue(field.value)}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="client_observation"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              {...mark('client_observation', 'Client Observation?')}
              required
              placeholder="Yes or No"
              data={lookups.clientObservation.map((item) => item.name)}
              value={selectValue(field.value)}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              allowDeselect={false}
            />
          )}
        />
        {clientObservation === 'Yes' ? (
          <ObservationField
            control={control}
            setValue={setValue}
            windowMinutes={minutes.supervised}
          />
        ) : null}
        <Controller
          control={control}
          name="supervision_contact"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              {...mark(
                'supervision_contact',
                'Supervision contact',
                'A phone call is not a supervision contact.',
              )}
              required
              placeholder="Choose"
              data={lookups.supervisionContacts.map((item) => ({
                value: String(item.id),
                label: item.name,
              }))}
              value={selectValue(field.value)}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              allowDeselect={false}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
