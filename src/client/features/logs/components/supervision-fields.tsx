import { Stack } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
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
import { idOptions, SelectField } from './select-field';
import { FormColumns } from './form-columns';

type SupervisionFieldsProps = {
  control: LogFormControl;
  register: UseFormRegister<LogFormValues>;
  setValue: UseFormSetValue<LogFormValues>;
  errors: FieldErrors<LogFormValues>;
  lookups: LogLookups;
  minutes: ComputedMinutes;
};

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
      <FormColumns count={2}>
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
        <SelectField
          control={control}
          name="method_of_supervision"
          label="Method of Supervision"
          data={lookups.methods.map((item) => item.name)}
        />
        <SelectField
          control={control}
          name="client_observation"
          label="Client Observation?"
          placeholder="Yes or No"
          data={lookups.clientObservation.map((item) => item.name)}
        />
        {clientObservation === 'Yes' ? (
          <ObservationField
            control={control}
            setValue={setValue}
            windowMinutes={minutes.supervised}
          />
        ) : null}
        <SelectField
          control={control}
          name="supervision_contact"
          label="Supervision contact"
          description="A phone call is not a supervision contact."
          data={idOptions(lookups.supervisionContacts)}
        />
      </FormColumns>
    </Stack>
  );
}
