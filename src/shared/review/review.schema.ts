import { z } from 'zod';
import { EmailSchema } from '../accounts/account.schema';
import { LOG_STATUSES, type LogStatus } from '../logs/log-entry.schema';
import { IdSchema, IsoDateSchema, MonthSchema, safeText } from '../wire/primitives';

/** The fields a supervisor can flag, with the labels both sides show (wire names kept). */
export const FLAGGABLE_FIELDS = [
  ['expereince_type', 'Experience Type'],
  ['setting', 'Setting'],
  ['supervisor', 'Supervisor'],
  ['date_of_experience', 'Date of Experience'],
  ['time_of_expereince_start', 'Time of Experience Start'],
  ['time_of_expereince_end', 'Time of Experience End'],
  ['unrestricted_hours', 'Unrestricted Hours'],
  ['restricted_hours', 'Restricted Hours'],
  ['experience_hours', 'Experience Hours'],
  ['individual_or_group', 'Individual or group supervision?'],
  ['method_of_supervision', 'Method of Supervision'],
  ['supervision_start_time', 'Supervision Start Time'],
  ['supervision_end_time', 'Supervision End Time'],
  ['supervised_hours', 'Supervised Hours'],
  ['independant_hours', 'Independent Hours'],
  ['client_observation', 'Client Observation?'],
  ['supervision_contact', 'Supervision contacts'],
  ['task', 'Task list items documented'],
  ['experience_note', 'Experience Notes'],
] as const;

export type FlaggableField = (typeof FLAGGABLE_FIELDS)[number][0];
const FLAGGABLE_KEYS = FLAGGABLE_FIELDS.map(([key]) => key);

export function flaggableLabel(key: string): string {
  return FLAGGABLE_FIELDS.find(([field]) => field === key)?.[1] ?? key;
}

export const NOTHING_TO_FLAG = 'Please select the Items that you want to flag!';
export const REVIEW_MESSAGES = {
  approved: 'Successfully approved Log',
  flagged: 'Successfully flagged Log',
  removed: 'Successfully User removed',
  restored: 'Successfully User restored',
  invited: 'Invitation Sent!',
} as const;

/** A flagged field: `true`, or `{ flagged, comment }` with the supervisor's note. */
const FlagValueSchema = z.union([
  z.boolean(),
  z.object({ flagged: z.boolean(), comment: safeText().trim().max(1000).optional() }),
]);

/** POST /api/v1/flag-log/: `{ log_id, is_approved }` or `{ log_id, is_flag: true, data }` (SPEC §7). */
export const FlagLogRequestSchema = z.union([
  z.object({ log_id: IdSchema, is_approved: z.literal(true) }),
  z.object({
    log_id: IdSchema,
    is_flag: z.literal(true),
    data: z
      .record(z.string(), FlagValueSchema)
      .refine((data) => Object.keys(data).every((key) => FLAGGABLE_KEYS.some((k) => k === key)), {
        error: 'Unknown field to flag',
      }),
    /** Optional comments per field, for clients that send `data` as booleans. */
    comments: z.record(z.string(), safeText().trim().max(1000)).optional(),
  }),
]);
export type FlagLogRequest = z.infer<typeof FlagLogRequestSchema>;

export function selectedFlags(
  data: Record<string, boolean | { flagged: boolean; comment?: string | undefined }>,
  comments: Record<string, string> = {},
): Record<string, { flagged: true; comment?: string }> {
  const flags: Record<string, { flagged: true; comment?: string }> = {};
  for (const [key, value] of Object.entries(data)) {
    const isFlagged = typeof value === 'boolean' ? value : value.flagged;
    if (!isFlagged) continue;
    const comment = (typeof value === 'boolean' ? undefined : value.comment) ?? comments[key];
    flags[key] = comment ? { flagged: true, comment } : { flagged: true };
  }
  return flags;
}

/** POST /api/v1/approve-logs/: approve what the supervisor has seen, in one action. */
export const BulkApproveRequestSchema = z.object({
  u_id: IdSchema,
  log_ids: z.array(IdSchema).min(1, { error: 'Choose the logs to approve' }).max(1000),
});

/** POST /api/v1/approve-logs/'s answer: the logs approved, and those that changed meanwhile. */
export const BulkApproveResultSchema = z.object({
  msg: z.string(),
  approved: z.array(z.number()),
  skipped: z.array(z.number()),
});

/** GET /api/v1/get-supervisor/: the supervisor with their trainee and waiting-log counts. */
export const SupervisorSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  trainees: z.number(),
  pending_logs: z.number(),
  flagged_logs: z.number(),
});

export const LogIdRequestSchema = z.object({ log_id: IdSchema });

export const TraineeIdRequestSchema = z.object({ u_id: IdSchema });

export const InvitationRequestSchema = z.object({ supervisor_email: EmailSchema });

export const MonthSignoffRequestSchema = z.object({ u_id: IdSchema, month: MonthSchema });

export const DatesQuerySchema = z.object({
  start_date: IsoDateSchema,
  end_date: IsoDateSchema,
  status: z.enum(LOG_STATUSES).optional(),
});
export const DatesResponseSchema = z.object({
  dates: z.array(z.string()),
  dates_status: z.array(
    z.object({
      date_of_experience: z.string(),
      status: z.enum(LOG_STATUSES),
    }),
  ),
});

/** A trainee as a supervisor's lists show them. */
export const LinkedTraineeSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_removed: z.boolean(),
  pending_logs: z.number(),
  flagged_logs: z.number(),
});
export type LinkedTrainee = z.infer<typeof LinkedTraineeSchema>;

/** A month's review state, for both sides. */
/** One structure's month (issue 38): a supervisor record of its own, or an organization. */
export const MonthStateSchema = z.object({
  month: z.string(),
  /** The structure's first record; `organization` '' for an individual supervisor. */
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  organization: z.string(),
  logs: z.number(),
  approved: z.number(),
  pending: z.number(),
  flagged: z.number(),
  /** signed: locked by a sign-off; ready: every log approved, waiting for the sign-off; open: logs still to review. */
  state: z.enum(['signed', 'ready', 'open']),
  signed_at: z.string().nullable(),
  signed_by: z.string().nullable(),
});
export type MonthState = z.infer<typeof MonthStateSchema>;

export function monthStateOf(
  counts: { logs: number; approved: number },
  isSigned: boolean,
): MonthState['state'] {
  if (isSigned) return 'signed';
  return counts.logs > 0 && counts.approved === counts.logs ? 'ready' : 'open';
}

/** What can happen to a log next (SPEC §4 "Log status"). */
export function reviewActions(status: LogStatus): {
  canApprove: boolean;
  canFlag: boolean;
  canReopen: boolean;
} {
  return {
    canApprove: status !== 'approved',
    canFlag: status === 'pending',
    canReopen: status === 'approved',
  };
}
