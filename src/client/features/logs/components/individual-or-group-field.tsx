import { Group, Radio } from '@mantine/core';
import { Controller, type UseFormClearErrors, type UseFormSetValue } from 'react-hook-form';
import { INDIVIDUAL_OR_GROUP } from '../../../../shared/logs/log-entry-options';
import { useMarkFlagged } from './field-flags';
import {
  SUPERVISION_FIELD_NAMES,
  type LogFormControl,
  type LogFormValues,
} from './log-form-values';

type IndividualOrGroupFieldProps = {
  control: LogFormControl;
  setValue: UseFormSetValue<LogFormValues>;
  clearErrors: UseFormClearErrors<LogFormValues>;
};

/**
 * Individual, Group or No supervision; choosing 'No supervision' empties the supervision fields
 * it hides and their messages (SPEC §4 "Log form").
 */
export function IndividualOrGroupField({
  control,
  setValue,
  clearErrors,
}: IndividualOrGroupFieldProps) {
  const mark = useMarkFlagged();
  return (
    <Controller
      control={control}
      name="individual_or_group"
      render={({ field, fieldState }) => (
        <Radio.Group
          name={field.name}
          {...mark('individual_or_group', 'Individual or group supervision?')}
          required
          value={field.value ?? ''}
          onChange={(next) => {
            field.onChange(next);
            if (next === 'No supervision') {
              for (const name of SUPERVISION_FIELD_NAMES) setValue(name, '');
              clearErrors([...SUPERVISION_FIELD_NAMES]);
            }
          }}
          error={fieldState.error?.message}
        >
          <Group gap="lg" mt={6}>
            {INDIVIDUAL_OR_GROUP.map((option, index) => (
              <Radio
                key={option}
                value={option}
                label={option}
                ref={index === 0 ? field.ref : undefined}
                onBlur={field.onBlur}
              />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
}
