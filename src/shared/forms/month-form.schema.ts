import { z } from 'zod';
import { RULE_SET_IDS } from '../logs/rule-sets';
import { IdSchema, MonthSchema } from '../wire/primitives';
import { FormSignatureSchema } from './attestations';
import { FVF_TEMPLATE_SOURCES } from './fvf-template.schema';
import { PaperFormSchema } from './paper-form.schema';
import { StructureMonthSchema } from '../progress/month-validation.schema';
import { QualificationFlagSchema } from '../supervisors/qualification-flag.schema';

// The wire of the official monthly forms: one M-FVF per month, supervisor record and fieldwork
// type, signed in the app by both parties before the deadline (BACB-RULES "Forms and deadlines";
// decision 012).

/** Where a month's form stands (shared/progress/deadline.ts `formDeadlineStatus`). */
export const MONTH_FORM_STATES = ['signed', 'signed-late', 'open', 'overdue'] as const;

/** The actual hours a form reports (never ×1.33), as decimal hours on the wire. */
export const FormFiguresSchema = z.object({
  independent_hours: z.number(),
  supervised_hours: z.number(),
  total_hours: z.number(),
  /** The observation time (the 2027 forms show it). */
  observation_minutes: z.number(),
  /** Supervised ÷ total, to one decimal. */
  percent_supervised: z.number(),
});
export type FormFigures = z.infer<typeof FormFiguresSchema>;

/** One party's signature: the name as typed, the instant, and the date they saw. */
export const FormPartySignatureSchema = z.object({
  name: z.string(),
  signed_at: z.string(),
  signed_on: z.string(),
});

/** The blank a form was filled from: the operator's, or the trainee's own upload, and its SHA-256. */
export const FormTemplateOriginSchema = z.object({
  source: z.enum(FVF_TEMPLATE_SOURCES),
  sha256: z.string(),
});

/** A filled form (live or voided). `document` is a short-lived download link. */
export const MonthFormSchema = z.object({
  id: z.number(),
  month: z.string(),
  user: z.number(),
  /** The record of the supervisor who signs it (the responsible one at an organization). */
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  /** The organization an Organization form covers; '' for a supervisor's own form. */
  organization: z.string(),
  /** 1 supervised, 2 concentrated; an F-FVF may be 3, both (Mixed). */
  expereince_type: z.number(),
  variant: z.string(),
  variant_label: z.string(),
  edition: z.enum(RULE_SET_IDS),
  /** Who signs it: both parties on an M-FVF, the responsible supervisor alone on an F-FVF. */
  signers: z.array(z.enum(['trainee', 'supervisor'])),
  template: FormTemplateOriginSchema,
  figures: FormFiguresSchema,
  trainee_signature: FormPartySignatureSchema.nullable(),
  supervisor_signature: FormPartySignatureSchema.nullable(),
  /** The later signature's date, once both have signed: what the deadline is judged on. */
  completed_on: z.string().nullable(),
  is_complete: z.boolean(),
  /** The M-FVF record file the completed form was kept as (GET /api/v1/record-files/). */
  record_file: z.number().nullable(),
  document: z.string(),
  created_at: z.string(),
  /** Set when reopening the month voided the form; it stays as history. */
  voided_at: z.string().nullable(),
});
export type MonthForm = z.infer<typeof MonthFormSchema>;

export const MonthFormRowSchema = z.object({
  month: z.string(),
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  /** An organization's row adds up the hours of every supervisor there ('' for none). */
  organization: z.string(),
  expereince_type: z.number(),
  figures: FormFiguresSchema,
  state: z.enum(MONTH_FORM_STATES),
  /** The last day to sign: the last day of the following month. */
  deadline: z.string(),
  /** 0 on the deadline day, negative after it. */
  days_remaining: z.number(),
  is_month_over: z.boolean(),
  // The live form's figures differ from the logs' now: refill it before signing; once signed,
  // it stays so until the month is reopened (issue 36).
  is_outdated: z.boolean(),
  /** The row's logs still waiting for the supervisor, whose signature waits for them. */
  logs_waiting: z.object({ pending: z.number(), flagged: z.number() }),
  /** The month's sign-off by the supervisor who signs the row's form (its logs locked). */
  signed_off: z.object({ signed_at: z.string(), signed_by: z.string() }).nullable(),
  form: MonthFormSchema.nullable(),
  /** The form signed on paper recorded for this row, if any (it signs the row as the app's does). */
  paper_form: PaperFormSchema.nullable(),
  /** When the row's form was signed (the earliest of the app's and the paper one), or null. */
  signed_on: z.string().nullable(),
  /** 'signed-late': the form's hours, which do not count (shared/progress/form-hours.ts). */
  lost_hours: z.number(),
  /** 'overdue' (no signed form after the deadline): the hours set apart until one is recorded. */
  at_risk_hours: z.number(),
  /** Its structure's own judgement of the month: what it keeps, what it met, and why not. */
  judgement: StructureMonthSchema.nullable(),
  /**
   * Issue 39: what keeps the signing supervisor's account from qualifying for the month (BCBA
   * Handbook, "Supervisor Qualifications"); warnings shown before signing, never a refusal.
   */
  qualification_flags: z.array(QualificationFlagSchema).default([]),
});
export type MonthFormRow = z.infer<typeof MonthFormRowSchema>;

/** GET /api/v1/month-forms/: every month with hours (newest first), the forms due, the voided. */
export const MonthFormsAnswerSchema = z.object({
  today: z.string(),
  results: z.array(MonthFormRowSchema),
  forms_due: z.array(MonthFormRowSchema).meta({
    description:
      'Unsigned forms of months that are over: overdue ones first (their hours at risk), oldest deadline first, then those still due, soonest first.',
  }),
  voided: z.array(MonthFormSchema),
});
export type MonthFormsAnswer = z.infer<typeof MonthFormsAnswerSchema>;

export const MonthFormsQuerySchema = z.object({ u_id: IdSchema.optional() });

const FIELDWORK_TYPE_MESSAGE = 'Choose supervised (1) or concentrated (2) fieldwork';

/** POST /api/v1/month-forms/: fill a month's form (an organization's: every supervisor's hours). */
export const MonthFormCreateRequestSchema = z.object({
  month: MonthSchema,
  trainee_supervisor: IdSchema,
  expereince_type: z.union([z.literal(1), z.literal(2)], { error: FIELDWORK_TYPE_MESSAGE }),
  /** The month was partial (fieldwork began or ended in it): the form's prorated box. */
  prorated: z.boolean().optional(),
});
export type MonthFormCreateRequest = z.infer<typeof MonthFormCreateRequestSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** POST …/sign/: the typed name, and the signer's time zone so the form shows their date (or UTC). */
export const MonthFormSignRequestSchema = FormSignatureSchema.extend({
  time_zone: z.string().max(64).refine(isTimeZone, { error: 'Unknown time zone' }).optional(),
});
export type MonthFormSignRequest = z.infer<typeof MonthFormSignRequestSchema>;
