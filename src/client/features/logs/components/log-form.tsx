import { Fieldset, Stack, VisuallyHidden } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { EXPERIENCE_NOTE_MAX_LENGTH } from '../../../../shared/logs/log-messages';
import { useTaskVersion } from '../../../lib/task-version';
import { useLogLookups } from '../api/get-lookups';
import { ExperienceFields } from './experience-fields';
import { FieldFlagsProvider, markFlagged, type FieldFlags } from './field-flags';
import { IndividualOrGroupField } from './individual-or-group-field';
import classes from './log-form.module.css';
import { LogFormActions } from './log-form-actions';
import { LogFormNotices } from './log-form-notices';
import type { LogFormValues } from './log-form-values';
import { SixthEditionModal } from './deferred-log-modals';
import { idOptions, SelectField } from './select-field';
import { SupervisionFields } from './supervision-fields';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { SupervisorField } from './supervisor-field';
import { TaskPicker } from './task-picker';
import { useLogForm } from './use-log-form';
import { FormColumns } from './form-columns';
import { DeferredTextarea } from './deferred-widgets';

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
  /** What to say of an entry of that date and supervisor record that would not count (issue 39). */
  startNotice?: (date: string, record: string) => ReactNode;
};

const NO_FLAGS: FieldFlags = {};

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
  startNotice,
}: LogFormProps) {
  const lookups = useLogLookups();
  const [version, setVersion] = useTaskVersion();
  const [isEditionInfoOpen, setIsEditionInfoOpen] = useState(false);
  const logForm = useLogForm({ initialValues, onSave });
  const { form, values, minutes } = logForm;
  // A trainee with one supervisor has them chosen on a new entry (issue 36), once the list is in.
  const onlySupervisor =
    isNewEntry && supervisors.options.length === 1 ? supervisors.options[0]!.value : null;
  const { isAddingSupervisor } = logForm;
  useEffect(() => {
    if (onlySupervisor === null || isAddingSupervisor || form.getValues('supervisor') !== '')
      return;
    form.setValue('supervisor', onlySupervisor);
    form.setValue('trainee_supervisor', onlySupervisor);
  }, [onlySupervisor, isAddingSupervisor, form]);
  const { errors, isSubmitting } = form.formState;
  const startMessage =
    startNotice && !isAddingSupervisor && values.date_of_experience && values.trainee_supervisor
      ? startNotice(values.date_of_experience, String(values.trainee_supervisor))
      : null;

  return (
    <form onSubmit={logForm.onSubmit} noValidate aria-label="Experience entry">
      <FieldFlagsProvider value={flags}>
        <Fieldset
          disabled={isReadOnly}
          variant="unstyled"
          p={0}
          m={0}
          className={isReadOnly ? classes.readOnly : undefined}
        >
          <Stack gap="lg">
            <LogFormNotices
              serverErrors={logForm.serverErrors}
              isSixthEditionNeeded={isNewEntry && version === 'v5'}
              onUseSixthEdition={() => setVersion('v6')}
              existingEntry={
                isNewEntry
                  ? null
                  : {
                      dateOfExperience: values.date_of_experience ?? '',
                      taskIds: values.task ?? [],
                    }
              }
            />

            <FormColumns count={2}>
              <SelectField
                control={form.control}
                name="expereince_type"
                label="Experience Type"
                data={idOptions(lookups.experienceTypes)}
              />
              <SelectField
                control={form.control}
                name="setting"
                label="Setting"
                data={idOptions(lookups.settings)}
              />
            </FormColumns>

            <SupervisorField
              control={form.control}
              register={form.register}
              errors={errors}
              choices={supervisors}
              isAdding={logForm.isAddingSupervisor}
              isReadOnly={isReadOnly}
              onToggleAdding={logForm.toggleAdding}
            />

            <ExperienceFields
              control={form.control}
              register={form.register}
              errors={errors}
              minutes={minutes}
              today={logForm.today}
              experienceType={values.expereince_type}
            />

            <IndividualOrGroupField
              control={form.control}
              setValue={form.setValue}
              clearErrors={form.clearErrors}
            />

            {logForm.isSupervised ? (
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

            <DeferredTextarea
              {...markFlagged(flags, 'experience_note', 'Experience Notes')}
              required
              autosize
              minRows={3}
              maxRows={10}
              maxLength={EXPERIENCE_NOTE_MAX_LENGTH}
              {...form.register('experience_note')}
              error={errors.experience_note?.message}
            />

            {isReadOnly ? null : startMessage}

            {!isReadOnly || extraActions ? (
              <LogFormActions
                invalidCount={logForm.invalidCount}
                isReadOnly={isReadOnly}
                isSubmitting={isSubmitting}
                submitLabel={submitLabel}
                extraActions={extraActions}
              />
            ) : null}
          </Stack>
        </Fieldset>
      </FieldFlagsProvider>
      <VisuallyHidden aria-live="polite">{logForm.announcement}</VisuallyHidden>
      <SixthEditionModal opened={isEditionInfoOpen} onClose={() => setIsEditionInfoOpen(false)} />
    </form>
  );
}
