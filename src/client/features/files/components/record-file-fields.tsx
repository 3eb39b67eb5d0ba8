import {
  Anchor,
  Checkbox,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { RECORD_CONFIRMATIONS } from '../../../../shared/files/record-file.schema';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { localToday } from '../../../lib/local-date';
import { FileDrop } from '../../../components/file-drop';
import { formatFileSize, PICKER_ACCEPT, pickOneFile } from './file-choice';
import { monthChoices, type RecordFormValues } from './record-form-values';

type RecordFileFieldsProps = {
  form: UseFormReturn<RecordFormValues>;
  supervisors: SupervisorChoices;
  /** An edit: the stored form's file name, month and supervisor. */
  stored: {
    fileName: string;
    month: string | null;
    supervisor: string;
    supervisorName: string;
  } | null;
  isDisabled: boolean;
};

/** The upload modal's fields (SPEC §2, §5), in the order a trainee fills them. */
export function RecordFileFields({ form, supervisors, stored, isDisabled }: RecordFileFieldsProps) {
  const { control, register, watch, setError, clearErrors, setValue, formState } = form;
  const { errors } = formState;
  const formType = watch('form_type');
  const document = watch('document');
  const supervisorOptions =
    stored && stored.supervisor && !supervisors.options.some((o) => o.value === stored.supervisor)
      ? [...supervisors.options, { value: stored.supervisor, label: stored.supervisorName }]
      : supervisors.options;
  const hasNoSupervisors = !supervisors.isPending && supervisorOptions.length === 0;

  const onFiles = (files: File[]) => {
    const picked = pickOneFile(files, 'record');
    if ('message' in picked) {
      setError('document', { type: 'validate', message: picked.message });
      return;
    }
    clearErrors('document');
    setValue('document', picked.file, { shouldDirty: true });
  };

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="form_type"
        render={({ field }) => (
          <Radio.Group
            label="Form type"
            withAsterisk
            value={field.value}
            onChange={(value) => field.onChange(value === 'Final' ? 'Final' : 'Monthly')}
            error={errors.form_type?.message}
          >
            <Group gap="lg" mt={6}>
              <Radio value="Monthly" label="Monthly (M-FVF)" disabled={isDisabled} />
              <Radio value="Final" label="Final (F-FVF)" disabled={isDisabled} />
            </Group>
          </Radio.Group>
        )}
      />
      <Controller
        control={control}
        name="supervisor"
        render={({ field }) => (
          <Select
            ref={field.ref}
            label="Supervisor"
            placeholder={
              supervisors.isPending ? 'Loading your supervisors…' : 'Choose a supervisor'
            }
            withAsterisk
            data={supervisorOptions}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            disabled={isDisabled}
            error={errors.supervisor?.message ?? supervisors.errorMessage ?? undefined}
            allowDeselect={false}
          />
        )}
      />
      {hasNoSupervisors ? (
        <Text size="sm" c="dimmed">
          No supervisors yet.{' '}
          <Anchor component={Link} to="/student/profile-screen" size="sm">
            Add your supervisor on your profile
          </Anchor>{' '}
          first.
        </Text>
      ) : null}
      {formType === 'Monthly' ? (
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Month of supervision"
              description="The month this form verifies."
              withAsterisk
              data={monthChoices(localToday().slice(0, 7), stored?.month ?? null)}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              disabled={isDisabled}
              error={errors.date?.message}
              allowDeselect={false}
              maxDropdownHeight={240}
            />
          )}
        />
      ) : (
        <Textarea
          label="Description"
          description="Which supervision period this final form covers."
          withAsterisk
          autosize
          minRows={2}
          disabled={isDisabled}
          {...register('description')}
          error={errors.description?.message}
        />
      )}
      <TextInput
        label="Title"
        description="Shown in your list of forms; the file's name if left blank."
        disabled={isDisabled}
        {...register('title')}
        error={errors.title?.message}
      />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        disabled={isDisabled}
        {...register('notes')}
        error={errors.notes?.message}
      />
      <FileDrop
        label={stored ? 'Replace the file (optional)' : 'Signed form'}
        hint="One file: PDF, PNG or JPEG, up to 20MB."
        accept={PICKER_ACCEPT.record}
        isRequired={!stored}
        isDisabled={isDisabled}
        error={errors.document?.message}
        chosen={
          document
            ? `Chosen: ${document.name} (${formatFileSize(document.size)})`
            : stored
              ? `Current file: ${stored.fileName}`
              : undefined
        }
        onFiles={onFiles}
      />
      <Stack gap="xs" role="group" aria-label="Confirmations">
        {(['filled', 'downloaded', 'signed'] as const).map((name) => (
          <Checkbox
            key={name}
            label={RECORD_CONFIRMATIONS[name]}
            required
            disabled={isDisabled}
            {...register(name)}
            error={errors[name]?.message}
          />
        ))}
      </Stack>
    </Stack>
  );
}
