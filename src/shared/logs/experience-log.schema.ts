import { z } from 'zod';
import { TaskItemSchema } from '../reference/task-lists';
import {
  DATE_FORM_MESSAGE,
  IdSchema,
  IsoDateSchema,
  MonthSchema,
  safeText,
} from '../wire/primitives';
import { PageQuerySchema } from '../wire/pagination';
import { LOG_HISTORY_ACTIONS, LOG_STATUSES } from './log-entry.schema';

/** A flagged field's details (SPEC §3 `data`). */
export const FlagInfoSchema = z.object({ flagged: z.boolean(), comment: z.string().optional() });

/** An experience log as the API returns it (SPEC §3), contract spellings kept. Hours are decimal. */
export const ExperienceLogSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
  expereince_type: z.number(),
  expereince_type_name: z.string().nullable(),
  setting: z.number(),
  setting_name: z.string().nullable(),
  /** The trainee's supervisor record (the same id as trainee_supervisor). */
  supervisor: z.number(),
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  /** `true` when the record is linked to a supervisor account, else null: never its id (issue 36). */
  supervisor_account: z.literal(true).nullable(),
  date_of_experience: z.string(),
  time_of_expereince_start: z.string(),
  time_of_expereince_end: z.string(),
  unrestricted_hours: z.number(),
  restricted_hours: z.number(),
  experience_hours: z.number(),
  individual_or_group: z.enum(['Individual', 'Group', 'No supervision']),
  method_of_supervision: z.enum(['In Person', 'Virtual']).nullable(),
  supervision_start_time: z.string().nullable(),
  supervision_end_time: z.string().nullable(),
  supervised_hours: z.number(),
  independant_hours: z.number(),
  client_observation: z.enum(['Yes', 'No']).nullable(),
  observation_hours: z
    .number()
    .nullable()
    .describe(
      'Decimal hours the supervisor observed the trainee with a client; null without an observation.',
    ),
  supervision_contact: z.number().nullable(),
  supervision_contact_name: z.string().nullable(),
  task: z.array(TaskItemSchema),
  experience_note: z.string(),
  status: z.enum(LOG_STATUSES),
  data: z.record(z.string(), FlagInfoSchema),
  status_changed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type ExperienceLog = z.infer<typeof ExperienceLogSchema>;

export const LogHistoryEntrySchema = z.object({
  id: z.number(),
  action: z.enum(LOG_HISTORY_ACTIONS),
  actor: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  at: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
});
export type LogHistoryEntry = z.infer<typeof LogHistoryEntrySchema>;

export const LogListSchema = z.object({ results: z.array(ExperienceLogSchema) });

export const LogHistoryListSchema = z.object({ results: z.array(LogHistoryEntrySchema) });

/** A task id as a filter (6th-edition 'B.18' or 5th-edition 'B-18'). */
const TaskFilterSchema = z
  .string()
  .regex(/^[A-Za-z0-9.-]{1,10}$/, { error: 'Not a task id' })
  .describe('Only the logs that document this task.');

/** GET /api/v1/experience-log/ filters, and the page (SPEC §7; pages of PAGE_SIZE logs). */
export const LogListQuerySchema = z
  .object({
    status: z.enum(LOG_STATUSES).optional(),
    month: MonthSchema.optional(),
    date_of_experience: IsoDateSchema.optional(),
    task: TaskFilterSchema.optional(),
    u_id: IdSchema.optional(),
  })
  .extend(PageQuerySchema.shape);
export type LogListQuery = z.infer<typeof LogListQuerySchema>;

/** Deleted logs (and deleted record files, the same rule) stay recoverable for this long. */
export const LOG_RECOVERY_DAYS = 30;

export function recoverySince(now: Date): Date {
  return new Date(now.getTime() - LOG_RECOVERY_DAYS * 24 * 60 * 60 * 1000);
}

// An empty string means "no limit", as the dashboard's date inputs send it.
const ExportDateSchema = z
  .union([z.literal(''), IsoDateSchema], { error: DATE_FORM_MESSAGE })
  .nullish()
  .transform((value) => value || undefined);

/** POST /api/v1/download-experience-log/: which logs to export (SPEC §3 "CSV export filter"). */
export const LogExportRequestSchema = z
  .object({
    tasks: z
      .array(safeText().max(10))
      .max(200)
      .nullish()
      .transform((value) => value ?? []),
    from_date: ExportDateSchema,
    to_date: ExportDateSchema,
  })
  .refine((body) => !body.from_date || !body.to_date || body.from_date <= body.to_date, {
    error: 'The start date must be on or before the end date',
    path: ['from_date'],
  });
export type LogExportRequest = z.input<typeof LogExportRequestSchema>;

export const LOG_EXPORT_FILENAME = 'Experience logs.csv';
