import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import type { LogFormControl, LogFormValues } from './log-form-values';
import { SelectField } from './select-field';
import { FormColumns } from './form-columns';

type SupervisorFieldProps = {
  control: LogFormControl;
  register: UseFormRegister<LogFormValues>;
  errors: FieldErrors<LogFormValues>;
  choices: SupervisorChoices;
  isAdding: boolean;
  /** An approved entry: the select only, no '+ Add new'. */
  isReadOnly: boolean;
  onToggleAdding: (isAdding: boolean) => void;
};

/**
 * The Supervisor select with its '+ Add new' toggle (SPEC §4): pick a record, or type a new
 * supervisor's name and email, which the API creates first and then links to the log.
 */
export function SupervisorField({
  control,
  register,
  errors,
  choices,
  isAdding,
  isReadOnly,
  onToggleAdding,
}: SupervisorFieldProps) {
  if (isAdding) {
    return (
      <Stack gap={6}>
        <FormColumns count={2}>
          <TextInput
            label="New supervisor's name"
            required
            autoComplete="off"
            {...register('newSupervisor')}
            // With both fields blank the schema asks for a supervisor: shown here.
            error={errors.newSupervisor?.message ?? errors.supervisor?.message}
          />
          <TextInput
            label="New supervisor's email"
            type="email"
            required
            autoComplete="off"
            {...register('newSupervisorEmail')}
            error={errors.newSupervisorEmail?.message}
          />
        </FormColumns>
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconUsers size={16} aria-hidden />}
            onClick={() => onToggleAdding(false)}
          >
            Choose an existing supervisor
          </Button>
        </Group>
      </Stack>
    );
  }

  const hasNone = !choices.isPending && choices.options.length === 0;
  return (
    <Stack gap={6}>
      <SelectField
        control={control}
        name="supervisor"
        label="Supervisor"
        placeholder={
          choices.isPending
            ? 'Loading your supervisors…'
            : hasNone
              ? 'No supervisors yet: add one'
              : 'Choose your supervisor'
        }
        data={choices.options}
        fallbackError={choices.errorMessage}
        searchable={choices.options.length > 6}
      />
      {isReadOnly ? null : (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => onToggleAdding(true)}>
            + Add new
          </Button>
        </Group>
      )}
    </Stack>
  );
}
