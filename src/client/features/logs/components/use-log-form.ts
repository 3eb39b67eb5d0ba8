import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { LogEntryInput, LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { minutesToHours } from '../../../../shared/logs/time';
import { isAccountDay, localToday } from '../../../lib/local-date';
import {
  computeFormMinutes,
  isSupervisedEntry,
  toLogPayload,
  withComputedHours,
  type ComputedMinutes,
  type LogFormValues,
} from './log-form-values';

// What a refused check or save needs (the fields' order and labels, the server errors' placing)
// is not part of the form's first download: asked for when this module runs, awaited on a failure.
const failureHandling = Promise.all([import('./log-field-labels'), import('./log-errors')]);

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

type UseLogFormOptions = {
  initialValues: LogFormValues;
  /** Saves the payload; resolves with the values the form starts over from. Throws ApiError. */
  onSave: (payload: LogEntryWire) => Promise<LogFormValues>;
};

/**
 * The log form's state and behaviour: the shared schema as live feedback, the computed minutes,
 * '+ Add new' supervisor, and a submit that puts the server's messages under their fields and
 * focuses the first field, in the form's order, that has one.
 */
export function useLogForm({ initialValues, onSave }: UseLogFormOptions) {
  const today = localToday();
  // In the account's zone today is the server's exactly; in the browser's, one day of slack.
  const isOwnDay = isAccountDay();
  const [isAddingSupervisor, setIsAddingSupervisor] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [invalidCount, setInvalidCount] = useState(0);

  // The shared schema checks the values with the computed hours filled in, as the API will. It
  // (with the task lists it checks ids against) is not part of the form's first download: its
  // code is asked for as the form first renders, and the resolver awaits it (issue 11).
  const resolver = useMemo<Resolver<LogFormValues, unknown, LogEntryInput>>(() => {
    const base = Promise.all([
      import('@hookform/resolvers/zod'),
      import('../../../../shared/logs/log-entry.schema'),
    ]).then(([{ zodResolver }, { makeLogEntrySchema }]) =>
      zodResolver(makeLogEntrySchema({ today, isOwnDay })),
    );
    return async (values, context, options) =>
      (await base)(withComputedHours(values), context, options);
  }, [today, isOwnDay]);
  const form = useForm<LogFormValues, unknown, LogEntryInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues,
    // The form focuses the first field in its own order (react-hook-form's follows registration).
    shouldFocusError: false,
  });
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

  const focusFirst = async (fields: readonly string[]) => {
    const [{ firstFieldToFocus }] = await failureHandling;
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
        const [, { reportLogErrors }] = await failureHandling;
        const reported = reportLogErrors(error, form.setError);
        setServerErrors(reported.messages);
        await focusFirst(reported.fields);
      }
    },
    async (fieldErrors) => {
      setServerErrors([]);
      setInvalidCount(Object.keys(fieldErrors).length);
      await focusFirst(Object.keys(fieldErrors));
    },
  );

  return {
    form,
    today,
    values,
    minutes,
    isSupervised,
    announcement,
    isAddingSupervisor,
    toggleAdding,
    serverErrors,
    invalidCount,
    onSubmit,
  };
}
