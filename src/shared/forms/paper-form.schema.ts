import { z } from 'zod';
import { addMonths, formatMonthYear } from '../logs/time';
import { IdSchema, IsoDateSchema, MonthSchema, REQUIRED } from '../wire/primitives';

// An M-FVF signed on paper, with its signing date and scan (issue 26 part 7, decision 024): it
// makes its row "signed on <date>" for counting (src/shared/progress/form-hours.ts).

export const PAPER_FORM_MESSAGES = {
  future: 'The signing date cannot be in the future.',
  beforeMonthEnded: (month: string) =>
    `A form for ${formatMonthYear(month)} can only be signed once the month is over (from ${addMonths(month, 1)}-01).`,
  noFile: 'Attach the signed form (PDF or image).',
  fieldworkType: 'Choose supervised (1) or concentrated (2) fieldwork',
  alreadyRecorded:
    'A paper form is already recorded for this month, supervisor and fieldwork type. Remove it first if it was entered wrongly.',
  notFound: 'Paper form not found',
  voided:
    'This paper form was voided when its month was reopened: it stays as history. Record the form signed since, if there is one.',
  removed: 'This paper form was removed by the trainee: there is nothing to answer.',
  alreadyAnswered: (answer: 'confirmed' | 'rejected') => `You already ${answer} this paper form.`,
  reasonRequired: 'Say why, so the trainee can correct it: what is wrong with this form?',
} as const;

/** `declared` by the trainee (counts), `confirmed` by the supervisor, or `rejected` (issue 36). */
export const PAPER_FORM_CONFIRMATIONS = ['declared', 'confirmed', 'rejected'] as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The multipart fields of POST /api/v1/month-forms/paper/ (the file is `document`). */
export const PaperFormFieldsSchema = z.object({
  month: z.preprocess(blankToUndefined, MonthSchema.optional()).refine((v) => v !== undefined, {
    error: REQUIRED,
  }),
  trainee_supervisor: z
    .preprocess(blankToUndefined, IdSchema.optional())
    .refine((v) => v !== undefined, { error: REQUIRED }),
  expereince_type: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.union([z.literal(1), z.literal(2)], { error: PAPER_FORM_MESSAGES.fieldworkType }),
  ),
  signed_on: z
    .preprocess(blankToUndefined, IsoDateSchema.optional())
    .refine((v) => v !== undefined, {
      error: REQUIRED,
    }),
});
export type PaperFormFields = {
  month: string;
  trainee_supervisor: number;
  expereince_type: 1 | 2;
  signed_on: string;
};

/** The signing date's own checks against `today`: not future, not before its month is over. */
export function paperSigningDateError(
  month: string,
  signedOn: string,
  today: string,
): string | null {
  if (signedOn > today) return PAPER_FORM_MESSAGES.future;
  if (signedOn < `${addMonths(month, 1)}-01`) return PAPER_FORM_MESSAGES.beforeMonthEnded(month);
  return null;
}

/** A recorded paper form (live or removed). `document` downloads the scan. */
export const PaperFormSchema = z.object({
  id: z.number(),
  user: z.number(),
  month: z.string(),
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  /** The organization whose form it is ('' for a supervisor's own form). */
  organization: z.string(),
  expereince_type: z.number(),
  signed_on: z.string(),
  /** Signed after the deadline: the form's hours do not count. */
  is_late: z.boolean(),
  record_file: z.number().nullable(),
  file_name: z.string(),
  document: z.string(),
  created_at: z.string(),
  /** Set when the trainee removed it (entered wrongly); it stays as history. */
  deleted_at: z.string().nullable(),
  /** Set when its month was reopened (its logs may change); it stays as history. */
  voided_at: z.string().nullable(),
  confirmation: z.enum(PAPER_FORM_CONFIRMATIONS),
  /** The account that recorded it, and so declared its signing date (the trainee). */
  declared_by: z.number().nullable(),
  /** The supervisor's answer: when, and their account's name. */
  answered_at: z.string().nullable(),
  answered_by: z.string().nullable(),
  /** Why the supervisor rejected it. */
  rejection_reason: z.string().nullable(),
});
export type PaperForm = z.infer<typeof PaperFormSchema>;

export const PaperFormsAnswerSchema = z.object({ results: z.array(PaperFormSchema) });
export type PaperFormsAnswer = z.infer<typeof PaperFormsAnswerSchema>;

/** POST …/paper/{id}/answer/: the named supervisor confirms the date, or rejects it saying why. */
export const PaperFormAnswerRequestSchema = z
  .object({
    answer: z.enum(['confirmed', 'rejected'], { error: 'Answer confirmed or rejected' }),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((value, context) => {
    if (value.answer === 'rejected' && !value.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: PAPER_FORM_MESSAGES.reasonRequired,
      });
    }
  });
export type PaperFormAnswerRequest = z.infer<typeof PaperFormAnswerRequestSchema>;
