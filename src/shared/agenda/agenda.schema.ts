import { z } from 'zod';
import { isValidTime, parseTime } from '../logs/time';
import { AccruedTotalsSchema } from '../progress/accrued.schema';
import { IdSchema, IsoDateSchema, nameText, REQUIRED, safeText } from '../wire/primitives';

// SPEC §3 "Monthly document data", written by the supervisor, read-only to the trainee (SPEC §2).
// Field names are the contract's, spelling included (`observationChecK`).

export const AGENDA_MESSAGES = {
  required: REQUIRED,
  time: 'Use the form HH:mm',
  endBeforeStart: 'The end time must be after the start time',
} as const;

const LONG_TEXT = 5000;
const SHORT_TEXT = 200;

const text = (max: number) => safeText().trim().max(max).default('');
const box = z.boolean().default(false);
const TimeSchema = z.string({ error: AGENDA_MESSAGES.time }).refine(isValidTime, {
  error: AGENDA_MESSAGES.time,
});
/** A blank date field arrives as '' or null: both mean "no date". */
const OptionalDateSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  IsoDateSchema.nullable(),
);

export const AgendaTaskSchema = z.object({
  name: safeText().trim().min(1, { error: AGENDA_MESSAGES.required }).max(SHORT_TEXT),
  canDemonstrate: box,
  canExplain: box,
  feedback: text(LONG_TEXT),
  /** The Review column: the task is to be reviewed again. */
  review: box,
});

/** The two accrued tables: all-time totals and the month's (the contract's `weekly`). */
export const AgendaAccruedSchema = z.object({
  total: AccruedTotalsSchema,
  weekly: AccruedTotalsSchema,
});
export type AgendaAccrued = z.infer<typeof AgendaAccruedSchema>;

/** The end after the start: the one rule across two fields, shared by every variant below. */
const endAfterStart = (doc: { startTime: string; endTime: string }) =>
  (parseTime(doc.endTime) ?? 0) > (parseTime(doc.startTime) ?? 0);
const END_AFTER_START = { error: AGENDA_MESSAGES.endBeforeStart, path: ['endTime'] };

const MonthlyDocumentFieldsSchema = z.object({
  date: IsoDateSchema,
  /** The trainee's name as the supervisor writes it. */
  supervisee: nameText(SHORT_TEXT).default(''),
  /** The trainee's supervisor (a trainee-supervisor id); the page looks the name up. */
  supervisor: IdSchema,
  startTime: TimeSchema,
  endTime: TimeSchema,
  format: text(SHORT_TEXT),
  fieldHoursCheck: box,
  /** Computed by the server from the logs whenever it answers; a client's figures are not kept. */
  accruedData: AgendaAccruedSchema.optional(),
  supervisedFieldwork: box,
  practicum: box,
  intensivePracticum: box,
  superviseeCheck: box,
  superviseeFeedback: text(LONG_TEXT),
  observationChecK: box,
  observationDate: OptionalDateSchema.default(null),
  /** Skills demonstrated: task ids ('A.1', or 5th edition 'A-1'), shown with their names. */
  skills: z.array(safeText().trim().min(1).max(10)).max(200).default([]),
  observationFeedback: text(LONG_TEXT),
  clinicalPracticeCheck: box,
  type: text(SHORT_TEXT),
  completed: box,
  notCompleted: box,
  inPerson: box,
  online: box,
  clinicalPracticeFeedback: text(LONG_TEXT),
  taskListReviewCheck: box,
  tasks: z.array(AgendaTaskSchema).max(200).default([]),
});

/** SPEC §3 "Monthly document data": one agenda, as stored and as a contract client sends it. */
export const MonthlyDocumentSchema = MonthlyDocumentFieldsSchema.refine(
  endAfterStart,
  END_AFTER_START,
);

/** POST /api/v1/monthy-log/ for trainee `u_id`; `supervisor` left out: the writer's record. */
export const MonthlyDocumentPostSchema = MonthlyDocumentFieldsSchema.extend({
  u_id: IdSchema,
  supervisor: IdSchema.optional(),
}).refine(endAfterStart, END_AFTER_START);

/** The supervisor's form: what a person types (the trainee and the record come from the page). */
export const AgendaFormSchema = MonthlyDocumentFieldsSchema.omit({
  supervisor: true,
  accruedData: true,
}).refine(endAfterStart, END_AFTER_START);
export type AgendaFormInput = z.input<typeof AgendaFormSchema>;
export type AgendaFormValues = z.output<typeof AgendaFormSchema>;

/** One agenda on the wire; plain types (no defaults or transforms), as answers are already clean. */
export const MonthlyDocumentRecordSchema = z.object({
  id: z.number(),
  date: z.string(),
  supervisee: z.string(),
  /** The trainee's supervisor record; null once the trainee removed it. */
  supervisor: z.number().nullable(),
  /** The supervisor's name from the trainee's list (else the writer's account name). */
  supervisor_name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  format: z.string(),
  fieldHoursCheck: z.boolean(),
  supervisedFieldwork: z.boolean(),
  practicum: z.boolean(),
  intensivePracticum: z.boolean(),
  superviseeCheck: z.boolean(),
  superviseeFeedback: z.string(),
  observationChecK: z.boolean(),
  observationDate: z.string().nullable(),
  skills: z.array(z.string()),
  observationFeedback: z.string(),
  clinicalPracticeCheck: z.boolean(),
  type: z.string(),
  completed: z.boolean(),
  notCompleted: z.boolean(),
  inPerson: z.boolean(),
  online: z.boolean(),
  clinicalPracticeFeedback: z.string(),
  taskListReviewCheck: z.boolean(),
  tasks: z.array(
    z.object({
      name: z.string(),
      canDemonstrate: z.boolean(),
      canExplain: z.boolean(),
      feedback: z.string(),
      review: z.boolean(),
    }),
  ),
  /** The ISO 8601 week of `date`, e.g. '2026-W11': the page picks the week's agenda by it. */
  iso_week: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MonthlyDocumentRecord = z.infer<typeof MonthlyDocumentRecordSchema>;

export const MonthlyDocumentListSchema = z.object({
  results: z.array(MonthlyDocumentRecordSchema),
});

export const MonthlyDocumentQuerySchema = z.object({
  start_date: IsoDateSchema.optional().meta({ description: 'First date of the range.' }),
  end_date: IsoDateSchema.optional().meta({ description: 'Last date of the range.' }),
  u_id: IdSchema.optional().meta({
    description: "A supervisor's linked trainee (required for supervisors).",
  }),
});

/** GET /api/v1/monthy-log/{id}/: the agenda with its accrued tables (all time; its month). */
export const MonthlyDocumentDetailSchema = MonthlyDocumentRecordSchema.extend({
  accruedData: AgendaAccruedSchema,
  /** The month of the Month to Date table, e.g. 'March 2026'. */
  month_label: z.string(),
});
export type MonthlyDocumentDetail = z.infer<typeof MonthlyDocumentDetailSchema>;

export type MonthlyDocument = z.infer<typeof MonthlyDocumentSchema>;
export type MonthlyDocumentInput = z.input<typeof MonthlyDocumentSchema>;
