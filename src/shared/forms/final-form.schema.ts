import { z } from 'zod';
import { MonthSchema } from '../wire/primitives';
import { QualificationFlagSchema } from '../supervisors/qualification-flag.schema';
import {
  FormFiguresSchema,
  MonthFormCreateRequestSchema,
  MonthFormSchema,
  MonthFormsQuerySchema,
} from './month-form.schema';

// The official final form's wire: one F-FVF per supervision experience of a supervisor record (or
// organization) over a period, with the hours that count (decision 013), signed in the app as the
// M-FVF is (decision 012). A month without hours ends an experience (experience-periods.ts).

/** The longest supervision period: all fieldwork falls within 5 continuous years (BACB-RULES). */
export const MAX_PERIOD_MONTHS = 60;

export const FINAL_FORM_MESSAGES = {
  periodBackwards: 'The period must end in or after the month it starts',
  periodTooLong: `A supervision period spans at most ${MAX_PERIOD_MONTHS} months: all fieldwork falls within 5 continuous years`,
} as const;

/** A filled F-FVF (live or voided): an M-FVF's fields, with the period instead of the month. */
export const FinalFormSchema = MonthFormSchema.omit({ month: true }).extend({
  from_month: z.string(),
  to_month: z.string(),
  /** The months of the period whose hours count (the form's number of months). */
  months: z.number(),
});
export type FinalForm = z.infer<typeof FinalFormSchema>;

/** A month of the period that counts less than it logged, and why (adjusted hours' words). */
export const FinalFormAdjustmentSchema = z.object({
  month: z.string(),
  logged_hours: z.number(),
  counted_hours: z.number(),
  reasons: z.array(z.string()),
});

/** One supervision experience of a supervisor (or organization); `expereince_type` 3: both. */
export const FinalFormRowSchema = z.object({
  /** The responsible supervisor's record: the live form's, else the one with the most logs. */
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  /** The organization whose supervisors the form lists ('' for one supervisor's own). */
  organization: z.string(),
  expereince_type: z.number(),
  /** The experience's first month with hours with this supervisor (or organization). */
  first_month: z.string(),
  /** The experience's last month with hours that is over; null while none is. */
  last_month: z.string().nullable(),
  /** The period shown: the live form's, else first_month to last_month. */
  from_month: z.string(),
  to_month: z.string(),
  figures: FormFiguresSchema,
  months: z.number(),
  /** The months of the period that count less than they logged. */
  adjustments: z.array(FinalFormAdjustmentSchema),
  is_period_over: z.boolean(),
  /** The live form shows other figures than the logs now do: fill it again before signing. */
  is_outdated: z.boolean(),
  form: FinalFormSchema.nullable(),
  /** Issue 39: the responsible supervisor's flags over the whole period (month-form.schema). */
  qualification_flags: z.array(QualificationFlagSchema).default([]),
});
export type FinalFormRow = z.infer<typeof FinalFormRowSchema>;

/** GET /api/v1/final-forms/: the rows (by supervisor name, then first month) and the voided forms. */
export const FinalFormsAnswerSchema = z.object({
  today: z.string(),
  results: z.array(FinalFormRowSchema),
  voided: z.array(FinalFormSchema),
});
export type FinalFormsAnswer = z.infer<typeof FinalFormsAnswerSchema>;

/** A supervisor names the trainee (`u_id`), as for the monthly forms. */
export const FinalFormsQuerySchema = MonthFormsQuerySchema;

const monthSpan = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;

/** POST /api/v1/final-forms/: fill the F-FVF of one (responsible) supervisor record over a period. */
export const FinalFormCreateRequestSchema = MonthFormCreateRequestSchema.omit({
  month: true,
  expereince_type: true,
})
  .extend({ from_month: MonthSchema, to_month: MonthSchema })
  .superRefine((body, ctx) => {
    const span = monthSpan(body.from_month, body.to_month);
    if (span < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_month'],
        message: FINAL_FORM_MESSAGES.periodBackwards,
      });
    } else if (span > MAX_PERIOD_MONTHS) {
      ctx.addIssue({
        code: 'custom',
        path: ['from_month'],
        message: FINAL_FORM_MESSAGES.periodTooLong,
      });
    }
  });
export type FinalFormCreateRequest = z.infer<typeof FinalFormCreateRequestSchema>;
