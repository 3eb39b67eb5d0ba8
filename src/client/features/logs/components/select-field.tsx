import type { ComboboxData } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { LookupItem } from '../../../../shared/reference/lookups';
import { DeferredSelect } from './deferred-widgets';
import { useMarkFlagged } from './field-flags';
import type { LogFormControl } from './log-form-values';

/** The log form's fields that are chosen from a list. */
export type SelectFieldName =
  | 'expereince_type'
  | 'setting'
  | 'supervisor'
  | 'method_of_supervision'
  | 'client_observation'
  | 'supervision_contact';

type SelectFieldProps = {
  control: LogFormControl;
  name: SelectFieldName;
  label: string;
  description?: ReactNode;
  data: ComboboxData;
  placeholder?: string;
  /** Shown when the field itself has no message (e.g. why the choices could not be loaded). */
  fallbackError?: string | null;
  searchable?: boolean;
};

/** A select's value: the id or answer as text, null while nothing is chosen. */
function selectValue(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' ? String(value) : null;
}

/** Lookup items as select options: the id as the value, the name as the label. */
export function idOptions(items: readonly LookupItem[]): { value: string; label: string }[] {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}

/**
 * A required select of the log form, marked when flagged: it holds the chosen value as text and
 * '' when cleared, as the wire payload does.
 */
export function SelectField({
  control,
  name,
  label,
  description,
  data,
  placeholder = 'Choose',
  fallbackError,
  searchable,
}: SelectFieldProps) {
  const mark = useMarkFlagged();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DeferredSelect
          ref={field.ref}
          name={field.name}
          {...mark(name, label, description)}
          required
          placeholder={placeholder}
          data={data}
          value={selectValue(field.value)}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? fallbackError ?? undefined}
          searchable={searchable}
          allowDeselect={false}
        />
      )}
    />
  );
}
