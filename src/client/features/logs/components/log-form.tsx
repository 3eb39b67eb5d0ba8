import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  INDIVIDUAL_OR_GROUP,
  makeLogEntrySchema,
  type LogEntryInput,
  type LogEntryWire,
} from '../../../../shared/logs/log-entry.schema';
import { EXPERIENCE_NOTE_MAX_LENGTH } from '../../../../shared/logs/log-messages';
import { minutesToHours } from '../../../../shared/logs/time';
import { localToday } from '../../../lib/local-date';
import { useTaskVersion } from '../../../lib/task-version';
import { useLogLookups } from '../api/get-lookups';
import { ComputedField } from './computed-field';
import { LegacyNotice } from './legacy-notice';
import classes from './log-form.module.css';
import { firstFieldToFocus } from './log-field-labels';
import { reportLogErrors } from './log-errors';
import {
  computeFormMinutes,
  isSupervisedEntry,
  SUPERVISION_FIELD_NAMES,
  toLogPayload,
  withComputedHours,
  type ComputedMinutes,
  type LogFormValues,
} from './log-form-values';
import { FieldFlagsProvider, markFlagged, type FieldFlags } from './field-flags';
import { SixthEditionModal } from './log-modals';
import { SupervisionFields } from './supervision-fields';
import { SupervisorField, type SupervisorChoices } from './supervisor-field';
import { TaskPicker } from './task-picker';

type LogFormProps = {
  initialValues: LogFormValues;
  supervisors: SupervisorChoices;
  /** Saves the payload; resolves with the values the form starts over from. Throws ApiError. */
  onSave: (payload: LogEntryWire) => Promise<LogFormValues>;
  /** A new entry (6th-edition tasks only) or an existing one (legacy notice, approved lock). */
  isNewEntry: boolean;
  isReadOnly?: boolean;
  /** Buttons beside Save (Delete on the edit screen). */
  extraActions?: ReactNode;
  /** A flagged log's flags: '(Flagged)' and the supervisor's comment on each (edit and resend). */
  flags?: FieldFlags;
  /** The submit button's words; 'Save' unless told ('Submit' on edit and resend). */
  submitLabel?: string;
};

const NO_FLAGS: FieldFlags = {};

const selectValue = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/** What the computed fields say, read out after the trainee stops typing. */
function describeMinutes(minutes: ComputedMinutes, isSupervised: boolean): string {
  if (minutes.experience === null) return '';
  const parts = [`Experience hours ${minutesToHours(minutes.experience)}`];
  if (minutes.restricted !== null)
    parts.push(`restricted hours ${minutesToHours(minutes.restricted)}`);
  if (isSupervised && minutes.supervised !== null)
    parts.push(`supervised hours ${minutesToHours(minutes.supervised)}`);
  if (minutes.independent !== null)
    parts.push(`independent hours ${minutesToHours(minutes.independent)}`);
  return `${parts.join(', ')}.`;
}

/**
 * The Log Experience Hours form (SPEC §2, §4, §5): every field of an entry with the shared
 * schema's rules as live feedback, the computed hours read-only, and the server's errors placed
 * under their fields and listed.
 */
export function LogForm({
  initialValues,
  supervisors,
  onSave,
  isNewEntry,
  isReadOnly = false,
  extraActions,
  flags = NO_FLAGS,
  submitLabel = 'Save',
}: LogFormProps) {
  const mark = (field: string, label: string, description?: string) =>
    markFlagged(flags, field, label, description);
  const today = localToday();
  const lookups = useLogLookups();
  const [version, setVersion] = useTaskVersion();
  const [isAddingSupervisor, setIsAddingSupervisor] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [invalidCount, setInvalidCount] = useState(0);
  const [isEditionInfoOpen, setIsEditionInfoOpen] = useState(false);

  // The shared schema checks the values with the computed hours filled in, as the API will.
  const resolver = useMemo<Resolver<LogFormValues, unknown, LogEntryInput>>(() => {
    const base = zodResolver(makeLogEntrySchema({ today }));
    return (values, context, options) => base(withComputedHours(values), context, options);
  }, [today]);
  const form = useForm<LogFormValues, unknown, LogEntryInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues,
    // The form focuses the first field in its own order (react-hook-form's follows registration).
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const minutes = computeFormMinutes(values);
  const isSupervised = isSupervisedEntry(values);
  const [announcement] = useDebouncedValue(describeMinutes(minutes, isSupervised), 800);

  const toggleAdding = (isAdding: boolean) => {
    setIsAddingSupervisor(isAdding);
    if (isAdding) form.setValue('supervisor', '');
    else {
      form.setValue('newSupervisor', '');
      form.setValue('newSupervisorEmail', '');
    }
    form.clearErrors(['supervisor', 'newSupervisor', 'newSupervisorEmail']);
    // The field that replaced the button takes the focus, once it is on the page.
    window.requestAnimationFrame(() => form.setFocus(isAdding ? 'newSupervisor' : 'supervisor'));
  };

  const focusFirst = (fields: readonly string[]) => {
    const first = firstFieldToFocus(fields, { isAddingSupervisor });
    if (first) form.setFocus(first);
  };

  const onSubmit = form.handleSubmit(
    async () => {
      setServerErrors([]);
      setInvalidCount(0);
      const payload = toLogPayload(form.getValues(), { isAddingSupervisor });
      try {
        const next = await onSave(payload);
        form.reset(next);
        setIsAddingSupervisor(false);
      } catch (error) {
        const reported = reportLogErrors(error, form.setError);
        setServerErrors(reported.messages);
        focusFirst(reported.fields);
      }
    },
    (fieldErrors) => {
      setServerErrors([]);
      setInvalidCount(Object.keys(fieldErrors).length);
      focusFirst(Object.keys(fieldErrors));
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Experience entry">
      <FieldFlagsProvider value={flags}>
        <Fieldset
          disabled={isReadOnly}
          variant="unstyled"
          p={0}
          m={0}
          className={isReadOnly ? classes.readOnly : undefined}
        >
          <Stack gap="lg">
            {serverErrors.length > 0 ? (
              <Alert color="red" variant="light" role="alert" title="The entry was not saved">
                <List size="sm" spacing={2}>
                  {serverErrors.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {isNewEntry && version === 'v5' ? (
              <Alert color="yellow" variant="light" title="New entries use the 6th Edition">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    The platform is aligned with the BACB’s 6th Edition Test Content Outline: new
                    entries must document its tasks. The 5th Edition list is shown for reference
                    only.
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="yellow.9"
                    onClick={() => setVersion('v6')}
                  >
                    Use the 6th Edition
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            {!isNewEntry ? (
              <LegacyNotice
                dateOfExperience={values.date_of_experience ?? ''}
                taskIds={values.task ?? []}
              />
            ) : null}

            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="expereince_type"
                render={({ field, fieldState }) => (
                  <Select
                    ref={field.ref}
                    name={field.name}
                    {...mark('expereince_type', 'Experience Type')}
                    required
                    placeholder="Choose"
                    data={lookups.experienceTypes.map((item) => ({
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
              <Controller
                control={form.control}
                name="setting"
                render={({ field, fieldState }) => (
                  <Select
                    ref={field.ref}
                    name={field.name}
                    {...mark('setting', 'Setting')}
                    required
                    placeholder="Choose"
                    data={lookups.settings.map((item) => ({
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

            <SupervisorField
              control={form.control}
              register={form.register}
              errors={errors}
              choices={supervisors}
              isAdding={isAddingSupervisor}
              isReadOnly={isReadOnly}
              onToggleAdding={toggleAdding}
            />

            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Controller
                control={form.control}
                name="date_of_experience"
                render={({ field, fieldState }) => (
                  <DateInput
                    ref={field.ref}
                    name={field.name}
                    {...mark('date_of_experience', 'Date of Experience')}
                    required
                    placeholder="YYYY-MM-DD"
                    valueFormat="YYYY-MM-DD"
                    maxDate={today}
                    value={
                      typeof field.value === 'string' && field.value !== '' ? field.value : null
                    }
                    onChange={(next) => field.onChange(next ?? '')}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TimeInput
                {...mark('time_of_expereince_start', 'Start Time')}
                required
                {...form.register('time_of_expereince_start')}
                error={errors.time_of_expereince_start?.message}
              />
              <TimeInput
                {...mark('time_of_expereince_end', 'End Time')}
                required
                {...form.register('time_of_expereince_end')}
                error={errors.time_of_expereince_end?.message}
              />
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Controller
                control={form.control}
                name="unrestricted_hours"
                render={({ field, fieldState }) => (
                  <NumberInput
                    ref={field.ref}
                    name={field.name}
                    {...mark('unrestricted_hours', 'Unrestricted Hours', 'In steps of 0.25')}
                    required
                    min={0}
                    step={0.25}
                    decimalScale={2}
                    allowNegative={false}
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
                computedFrom={
                  values.expereince_type === '2'
                    ? 'End − start (×1.33 toward 2,000)'
                    : 'End − start'
                }
                error={errors.experience_hours?.message}
              />
            </SimpleGrid>

            <Controller
              control={form.control}
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
                      for (const name of SUPERVISION_FIELD_NAMES) form.setValue(name, '');
                      form.clearErrors([...SUPERVISION_FIELD_NAMES]);
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

            {isSupervised ? (
              <SupervisionFields
                control={form.control}
                register={form.register}
                setValue={form.setValue}
                errors={errors}
                lookups={lookups}
                minutes={minutes}
              />
            ) : null}

            <Controller
              control={form.control}
              name="task"
              render={({ field, fieldState }) => (
                <TaskPicker
                  ref={field.ref}
                  version={version}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  disabled={isReadOnly}
                  onShowEditionInfo={() => setIsEditionInfoOpen(true)}
                />
              )}
            />

            <Textarea
              {...mark('experience_note', 'Experience Notes')}
              required
              autosize
              minRows={3}
              maxRows={10}
              maxLength={EXPERIENCE_NOTE_MAX_LENGTH}
              {...form.register('experience_note')}
              error={errors.experience_note?.message}
            />

            {!isReadOnly || extraActions ? (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="red.8" role="status">
                  {invalidCount > 0
                    ? `${invalidCount === 1 ? 'One field needs' : `${invalidCount} fields need`} attention.`
                    : ''}
                </Text>
                <Group gap="sm" ml="auto">
                  {extraActions}
                  {isReadOnly ? null : (
                    <Button type="submit" loading={isSubmitting} miw={120}>
                      {submitLabel}
                    </Button>
                  )}
                </Group>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
      </FieldFlagsProvider>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <SixthEditionModal opened={isEditionInfoOpen} onClose={() => setIsEditionInfoOpen(false)} />
    </form>
  );
}
