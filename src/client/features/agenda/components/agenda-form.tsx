import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormRegister } from 'react-hook-form';
import { AgendaFormSchema, type AgendaFormValues } from '../../../../shared/agenda/agenda.schema';
import type { TaskListVersion } from '../../../../shared/reference/task-lists';
import { DateField } from '../../../components/date-field';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useWriteAgenda } from '../api/write-agenda';
import { AgendaChoiceField } from './agenda-choice-field';
import { AGENDA_FIELD_NAMES, type AgendaBox, type AgendaFormFields } from './agenda-form-values';
import { AgendaTasksField, useTaskOptions } from './agenda-tasks-field';

const FORMATS = ['In Person', 'Virtual'];

/** A section of the agenda: its title, the box saying it was covered, and its fields. */
function SectionFieldset({
  legend,
  box,
  register,
  children,
}: {
  legend: string;
  box: AgendaBox;
  register: UseFormRegister<AgendaFormFields>;
  children: ReactNode;
}) {
  return (
    <Fieldset legend={legend} p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Checkbox label="Covered in this contact" {...register(box)} />
        {children}
      </Stack>
    </Fieldset>
  );
}

/**
 * The supervisor's agenda of one contact with a trainee (SPEC §2 /supervisor/monthly-document,
 * §3 "Monthly document data"): every section of the trainee's read-only page, checked with the
 * shared schema. The accrued tables are not typed: the server computes them from the logs.
 */
export function AgendaForm({
  traineeId,
  defaultValues,
  version,
}: {
  traineeId: number;
  defaultValues: AgendaFormFields;
  version: TaskListVersion;
}) {
  const write = useWriteAgenda();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<AgendaFormFields, unknown, AgendaFormValues>({
    resolver: zodResolver(AgendaFormSchema),
    defaultValues,
  });
  const { register, control, setValue, formState } = form;
  const { errors } = formState;
  const skillOptions = useTaskOptions(version);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await write.mutateAsync({ traineeId, values });
      notifySuccess('Successfully submitted!');
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, AGENDA_FIELD_NAMES));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Agenda of ${defaultValues.date}`}>
      <Stack gap="md">
        <FormErrorsAlert messages={formErrors} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Supervisee"
            required
            {...register('supervisee')}
            error={errors.supervisee?.message}
          />
          <TimeInput
            label="Start Time"
            required
            {...register('startTime')}
            error={errors.startTime?.message}
          />
          <TimeInput
            label="End Time"
            required
            {...register('endTime')}
            error={errors.endTime?.message}
          />
          <Controller
            control={control}
            name="format"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label="Format"
                placeholder="Choose"
                data={FORMATS}
                value={field.value || null}
                onChange={(next) => field.onChange(next ?? '')}
                onBlur={field.onBlur}
                error={errors.format?.message}
                clearable
              />
            )}
          />
        </SimpleGrid>

        <SectionFieldset legend="Fieldwork Hours Check" box="fieldHoursCheck" register={register}>
          <Text size="sm" c="dimmed">
            The Month to Date and Total Accrued tables come from the trainee’s logs.
          </Text>
          <AgendaChoiceField
            label="Fieldwork type"
            control={control}
            setValue={setValue}
            options={[
              { name: 'supervisedFieldwork', label: 'Supervised Fieldwork' },
              { name: 'practicum', label: 'Practicum' },
              { name: 'intensivePracticum', label: 'Intensive Practicum' },
            ]}
          />
        </SectionFieldset>

        <SectionFieldset legend="Supervisee Check" box="superviseeCheck" register={register}>
          <Textarea
            label="Questions and feedback"
            autosize
            minRows={2}
            {...register('superviseeFeedback')}
            error={errors.superviseeFeedback?.message}
          />
        </SectionFieldset>

        <SectionFieldset legend="Observation Check" box="observationChecK" register={register}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField control={control} name="observationDate" label="Observation date" />
            <Controller
              control={control}
              name="skills"
              render={({ field }) => (
                <MultiSelect
                  ref={field.ref}
                  label="Skills demonstrated"
                  placeholder={(field.value ?? []).length === 0 ? 'Search tasks' : undefined}
                  searchable
                  clearable
                  data={skillOptions}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.skills?.message}
                  nothingFoundMessage="No task matches your search"
                  maxDropdownHeight={280}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Feedback"
            autosize
            minRows={2}
            {...register('observationFeedback')}
            error={errors.observationFeedback?.message}
          />
        </SectionFieldset>

        <SectionFieldset
          legend="Clinical Practice Check"
          box="clinicalPracticeCheck"
          register={register}
        >
          <TextInput label="Type" {...register('type')} error={errors.type?.message} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AgendaChoiceField
              label="Status"
              control={control}
              setValue={setValue}
              options={[
                { name: 'completed', label: 'Completed' },
                { name: 'notCompleted', label: 'Not completed' },
              ]}
            />
            <AgendaChoiceField
              label="Setting"
              control={control}
              setValue={setValue}
              options={[
                { name: 'inPerson', label: 'In person' },
                { name: 'online', label: 'Online' },
              ]}
            />
          </SimpleGrid>
          <Textarea
            label="Feedback"
            autosize
            minRows={2}
            {...register('clinicalPracticeFeedback')}
            error={errors.clinicalPracticeFeedback?.message}
          />
        </SectionFieldset>

        <SectionFieldset
          legend="Task List Review Check"
          box="taskListReviewCheck"
          register={register}
        >
          <AgendaTasksField control={control} register={register} version={version} />
        </SectionFieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            Save agenda
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
