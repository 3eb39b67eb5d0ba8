import type { FieldError, Resolver } from 'react-hook-form';
import { fieldErrorsOf, type FieldErrors } from '../../../../shared/errors';
import {
  RECORD_REQUIRED_MESSAGE,
  RecordFileFieldsSchema,
  type FormType,
  type RecordFile,
} from '../../../../shared/files/record-file.schema';
import { addMonths, formatMonthYear } from '../../../../shared/logs/time';

/** The upload modal's values, in the contract's field names (SPEC §7 `upload-record`). */
export type RecordFormValues = {
  form_type: FormType;
  /** The trainee supervisor record's id, as the select holds it ('' until chosen). */
  supervisor: string;
  /** A monthly form's month, YYYY-MM. */
  date: string;
  title: string;
  description: string;
  notes: string;
  filled: boolean;
  downloaded: boolean;
  signed: boolean;
  /** The chosen file; an edit keeps the stored one when none is chosen. */
  document: File | null;
};

/** Fields the server may name in a 400, and the modal shows under a field. */
export const RECORD_FORM_FIELDS = [
  'form_type',
  'supervisor',
  'date',
  'title',
  'description',
  'notes',
  'filled',
  'downloaded',
  'signed',
  'document',
] as const satisfies readonly (keyof RecordFormValues)[];

/** What opens the modal: a new form of a kind, or an edit of a stored one. */
export type RecordModalRequest =
  { mode: 'create'; formType: FormType } | { mode: 'edit'; file: RecordFile };

/** How far back the month choice goes: a supervision period can last five years (SPEC §9). */
const MONTHS_OFFERED = 60;

/**
 * The months a form can be for, newest first: this month and the five years before it, plus a
 * stored form's own month if it is older.
 */
export function monthChoices(
  currentMonth: string,
  storedMonth: string | null = null,
): { value: string; label: string }[] {
  const months = Array.from({ length: MONTHS_OFFERED }, (_, index) =>
    addMonths(currentMonth, -index),
  );
  if (storedMonth && !months.includes(storedMonth)) months.push(storedMonth);
  return months.map((month) => ({ value: month, label: formatMonthYear(month) }));
}

/**
 * The modal's first values. A new form is usually the month just over (its M-FVF is due by the
 * end of this month), and names the supervisor when the trainee has only one.
 */
export function recordFormDefaults(
  request: RecordModalRequest,
  currentMonth: string,
  supervisorIds: readonly string[],
): RecordFormValues {
  if (request.mode === 'edit') {
    const { file } = request;
    return {
      form_type: file.form_type,
      supervisor: file.supervisor === null ? '' : String(file.supervisor),
      date: file.month ?? addMonths(currentMonth, -1),
      title: file.title,
      description: file.description ?? '',
      notes: file.notes,
      filled: file.filled,
      downloaded: file.downloaded,
      signed: file.signed,
      document: null,
    };
  }
  return {
    form_type: request.formType,
    supervisor: supervisorIds.length === 1 ? (supervisorIds[0] ?? '') : '',
    date: addMonths(currentMonth, -1),
    title: '',
    description: '',
    notes: '',
    filled: false,
    downloaded: false,
    signed: false,
    document: null,
  };
}

/** The fields sent with the file: a month for a monthly form, a description for a final one. */
export function toRecordFields(values: RecordFormValues): Record<string, string> {
  const isMonthly = values.form_type === 'Monthly';
  return {
    form_type: values.form_type,
    supervisor: values.supervisor,
    ...(isMonthly ? { date: values.date } : { description: values.description }),
    title: values.title,
    notes: values.notes,
    filled: String(values.filled),
    downloaded: String(values.downloaded),
    signed: String(values.signed),
  };
}

/** The form's messages per field: the server's own rules (shared schema), and the file. */
export function recordFormErrors(values: RecordFormValues, isFileRequired: boolean): FieldErrors {
  const parsed = RecordFileFieldsSchema.safeParse(toRecordFields(values));
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (isFileRequired && !values.document) errors.document = [RECORD_REQUIRED_MESSAGE];
  return errors;
}

/** react-hook-form's resolver for the modal, from `recordFormErrors`. */
export function recordFormResolver(isFileRequired: boolean): Resolver<RecordFormValues> {
  return (values) => {
    const errors = recordFormErrors(values, isFileRequired);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    const fieldErrors: Record<string, FieldError> = {};
    for (const [field, messages] of entries) {
      fieldErrors[field] = { type: 'validate', message: messages[0] };
    }
    return { values: {}, errors: fieldErrors };
  };
}
