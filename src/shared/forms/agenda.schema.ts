import { z } from 'zod';
import { isValidTime, parseTime } from '../logs/time';
import { AccruedTotalsSchema } from '../progress/accrued.schema';
import { IdSchema, IsoDateSchema, safeText } from '../wire/primitives';

/*
 * The supervision contact agenda ("monthly document"): SPEC §3 "Monthly document data", written
 * by the supervisor (POST /api/v1/monthy-log/) and shown read-only to the trainee (SPEC §2
 * /student/supervision-contact-agenda). Field names are the contract's, spelling included
 * (`observationChecK`). Each `…Check` is the box that says the section was covered.
 */

export const AGENDA_MESSAGES = {
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

/** One row of the Task List Review Check table. */
export const AgendaTaskSchema = z.object({
  name: safeText().trim().min(1).max(SHORT_TEXT),
  canDemonstrate: box,
  canExplain: box,
  feedback: text(LONG_TEXT),
  /** The Review column: the task is to be reviewed again. */
  review: box,
});
export type AgendaTask = z.infer<typeof AgendaTaskSchema>;

/** The two accrued tables: all-time totals and the month's (the contract's `weekly`). */
export const AgendaAccruedSchema = z.object({
  total: AccruedTotalsSchema,
  weekly: AccruedTotalsSchema,
});
export type AgendaAccrued = z.infer<typeof AgendaAccruedSchema>;

/** POST /api/v1/monthy-log/ body; GET answers the same fields with its id. */
export const MonthlyDocumentSchema = z
  .object({
    date: IsoDateSchema,
    /** The trainee's name as the supervisor writes it. */
    supervisee: text(SHORT_TEXT),
    /** The trainee's supervisor (a trainee-supervisor id); the page looks the name up. */
    supervisor: IdSchema,
    startTime: TimeSchema,
    endTime: TimeSchema,
    /** How the contact took place, e.g. 'In Person' or 'Virtual'. */
    format: text(SHORT_TEXT),
    fieldHoursCheck: box,
    /** A snapshot of the accrued tables; the server supplies them when absent. */
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
    /** The kind of clinical practice reviewed. */
    type: text(SHORT_TEXT),
    completed: box,
    notCompleted: box,
    inPerson: box,
    online: box,
    clinicalPracticeFeedback: text(LONG_TEXT),
    taskListReviewCheck: box,
    tasks: z.array(AgendaTaskSchema).max(200).default([]),
  })
  .refine((doc) => (parseTime(doc.endTime) ?? 0) > (parseTime(doc.startTime) ?? 0), {
    error: AGENDA_MESSAGES.endBeforeStart,
    path: ['endTime'],
  });

/** A supervision contact agenda, parsed. */
export type MonthlyDocument = z.infer<typeof MonthlyDocumentSchema>;
/** The agenda as a client writes it (defaults not yet applied). */
export type MonthlyDocumentInput = z.input<typeof MonthlyDocumentSchema>;
