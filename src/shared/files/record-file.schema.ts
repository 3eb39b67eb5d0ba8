import { z } from 'zod';
import { isValidDate, isValidMonth } from '../logs/time';
import { IdSchema, MonthSchema, safeText } from '../wire/primitives';

/** A monthly (M-FVF) or final (F-FVF) fieldwork verification form (SPEC §3 "Record file"). */
export const FORM_TYPES = ['Monthly', 'Final'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** The upload form's message for a missing field or an unticked confirmation (SPEC §5). */
export const RECORD_REQUIRED_MESSAGE = '*Required';
export const RECORD_DATE_MESSAGE = 'Use the form YYYY-MM-DD or YYYY-MM';
export const ONE_FILE_MESSAGE = 'Upload one file only.';

/** The upload modal's three confirmations (SPEC §2), each required. */
export const RECORD_CONFIRMATIONS = {
  filled: 'Filled in all the fields',
  downloaded: 'Downloaded the PDF before filling out the form (not in the browser)',
  signed: 'Get the form signed by your supervisor',
} as const;

const required = { error: RECORD_REQUIRED_MESSAGE };
// Multipart sends every value as text ('true', 'on'); a JSON body may send booleans and numbers.
const TRUE_TEXTS = ['true', 'on', '1', 'yes'];
const checked = z
  .union([z.boolean(), z.string()], required)
  .optional()
  .transform((value) =>
    typeof value === 'string' ? TRUE_TEXTS.includes(value.trim().toLowerCase()) : value === true,
  );
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    safeText()
      .trim()
      .max(max, { error: `Must be at most ${max} characters` })
      .optional(),
  );
// '0' is the picker's "nothing chosen" (SPEC §5: supervisor chosen, not 0).
const supervisorId = z.preprocess(
  (value) => (value === 0 || value === '0' ? undefined : blankToUndefined(value)),
  IdSchema.optional(),
);
const formDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: RECORD_DATE_MESSAGE })
    .trim()
    .refine((value) => isValidDate(value) || isValidMonth(value), { error: RECORD_DATE_MESSAGE })
    .optional(),
);

/**
 * The upload form's fields (SPEC §7 `upload-record`, multipart or JSON), checked together. `user`
 * is not read: a record always belongs to the person uploading it.
 */
export const RecordFileFieldsSchema = z
  .object({
    form_type: z.enum(FORM_TYPES, required),
    supervisor: supervisorId,
    trainee_supervisor: supervisorId,
    date: formDate,
    title: optionalText(200),
    description: optionalText(2000),
    notes: optionalText(2000),
    fileName: optionalText(255),
    downloaded: checked,
    signed: checked,
    filled: checked,
  })
  .superRefine((fields, ctx) => {
    const missing = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: RECORD_REQUIRED_MESSAGE });
    if ((fields.supervisor ?? fields.trainee_supervisor) === undefined) missing('supervisor');
    if (fields.form_type === 'Monthly' && !fields.date) missing('date');
    if (fields.form_type === 'Final' && !fields.description) missing('description');
    for (const key of ['downloaded', 'signed', 'filled'] as const) if (!fields[key]) missing(key);
  })
  .transform((fields) => ({
    formType: fields.form_type,
    traineeSupervisorId: fields.supervisor ?? fields.trainee_supervisor ?? 0,
    // A month stands for its first day; a final form has no month.
    formDate:
      fields.form_type === 'Monthly' && fields.date
        ? fields.date.length === 7
          ? `${fields.date}-01`
          : fields.date
        : null,
    title: fields.title,
    description: fields.form_type === 'Final' ? (fields.description ?? null) : null,
    notes: fields.notes ?? '',
    fileName: fields.fileName,
  }));

export const RecordFileSchema = z.object({
  id: z.number(),
  title: z.string(),
  document: z.string(),
  user: z.number(),
  notes: z.string(),
  supervisor: z.number().nullable(),
  trainee_supervisor: z.number().nullable(),
  supervisor_name: z.string(),
  form_type: z.enum(FORM_TYPES),
  description: z.string().nullable(),
  /** A monthly form's date (YYYY-MM-DD) and month (YYYY-MM); null for a final form. */
  date: z.string().nullable(),
  month: z.string().nullable(),
  fileName: z.string(),
  content_type: z.string(),
  size: z.number(),
  downloaded: z.boolean(),
  signed: z.boolean(),
  filled: z.boolean(),
  /** The flattened M-FVF of a month form both parties signed in the app: it stays as signed. */
  signed_in_app: z.boolean(),
  /** The scan of a paper form the trainee recorded: it goes with that paper form, not alone. */
  paper_form: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type RecordFile = z.infer<typeof RecordFileSchema>;

/** GET /api/v1/record-files/: monthly forms per month (SPEC §3 `monthly_form`), then final ones. */
export const RecordFilesAnswerSchema = z.object({
  monthly_form: z.array(z.object({ month: MonthSchema, files: z.array(RecordFileSchema) })),
  final_form: z.array(RecordFileSchema),
});
export type RecordFilesAnswer = z.infer<typeof RecordFilesAnswerSchema>;

/** A supervisor names the trainee whose forms they read (`u_id`, as for logs and accrued hours). */
export const RecordFilesQuerySchema = z.object({ u_id: IdSchema.optional() });
