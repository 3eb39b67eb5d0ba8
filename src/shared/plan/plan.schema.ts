import { z } from 'zod';
import { StandardsInForceSchema } from '../logs/standards-in-force.schema';
import { IdSchema, IsoDateSchema } from '../wire/primitives';

/** A fieldwork type the plan may use: 1 supervised, 2 concentrated. */
export const FieldworkTypeSchema = z.union([z.literal(1), z.literal(2)], {
  error: 'Choose supervised or concentrated fieldwork',
});

/** PUT /api/v1/plan/: the date to finish by and the fieldwork types the trainee can do. */
export const PlanSettingsSchema = z.object({
  target_date: IsoDateSchema.meta({ description: 'The date to finish by (YYYY-MM-DD).' }),
  fieldwork_types: z
    .array(FieldworkTypeSchema)
    .min(1, { error: 'Choose at least one fieldwork type' })
    .max(2)
    .refine((types) => new Set(types).size === types.length, {
      error: 'Choose each fieldwork type once',
    })
    .meta({ description: 'The experience types the trainee can do from now on (1, 2 or both).' }),
});
export type PlanSettings = z.infer<typeof PlanSettingsSchema>;

/** GET /api/v1/plan/: for a supervisor, the linked trainee whose plan to read. */
export const PlanQuerySchema = z.object({
  u_id: IdSchema.optional().meta({
    description: "A supervisor's linked trainee (required for supervisors).",
  }),
});

export const PlanToScheduleSchema = z.object({
  supervision_hours: z.number(),
  individual_hours: z.number(),
  /** Null where the standards list no minimum (2027). */
  contacts: z.number().nullable(),
  observation: z.object({ unit: z.enum(['count', 'minutes']), amount: z.number() }),
});

/** One month of the plan; hours decimal, null where the month has none of that kind. */
export const PlanMonthSchema = z.object({
  month: z.string(),
  label: z.string(),
  kind: z.enum(['past', 'current', 'future']),
  actual_hours: z.number().nullable(),
  /** A month begun: its hours logged (every status) and those that count as things stand. */
  logged_hours: z.number().nullable(),
  counted_hours: z.number().nullable(),
  /** Why hours of the month do not count, one sentence each. */
  reasons: z.array(z.string()),
  planned_hours: z.number().nullable(),
  to_log_hours: z.number().nullable(),
  unrestricted_hours: z.number().nullable(),
  cumulative_actual_hours: z.number().nullable(),
  cumulative_planned_hours: z.number().nullable(),
  to_schedule: PlanToScheduleSchema.nullable(),
});
export type PlanMonthWire = z.infer<typeof PlanMonthSchema>;

export const PlanResultSchema = z.object({
  status: z.enum(['done', 'reachable', 'too-soon', 'beyond-time-limit', 'unreachable']),
  expereince_type: z.number(),
  target_month: z.string(),
  finish_month: z.string().nullable(),
  earliest_month: z.string().nullable(),
  latest_month: z.string(),
  bounded_by: z.enum(['monthly-maximum', 'time-limit']).nullable(),
  is_raised_by_unrestricted: z.boolean(),
  is_tight: z.boolean().meta({
    description: 'Reachable, but the busiest month needs 90% or more of the monthly maximum.',
  }),
  /** Hours that count so far, hours still to log, and the total the plan reaches. */
  counted_hours: z.number(),
  needed_hours: z.number(),
  goal_hours: z.number(),
  peak_month_hours: z.number(),
  max_month_hours: z.number(),
  /** The current month is planned for these days only (today included). */
  days_left_this_month: z.number(),
  /** The record as the dashboard reads it: logged, awaiting approval, counted, and why. */
  so_far: z.object({
    logged_hours: z.number(),
    awaiting_approval_hours: z.number(),
    counted_hours: z.number(),
    note: z.string().nullable(),
  }),
  message: z.string(),
  /** Today's five-year window, the dashboard's (decision 032). */
  five_year_window: z.object({ from: z.string(), to: z.string(), label: z.string() }),
  /** Hours so far that fall outside the window before the plan's last month: in `needed_hours`. */
  expiring_before_finish: z.object({
    hours: z.number(),
    months: z.array(
      z.object({
        month: z.string(),
        label: z.string(),
        counted_hours: z.number(),
        on: z.string().meta({ description: 'The day the month falls out (YYYY-MM-DD).' }),
      }),
    ),
    note: z.string().nullable(),
  }),
  months: z.array(PlanMonthSchema),
});
export type PlanResult = z.infer<typeof PlanResultSchema>;

/** GET and PUT /api/v1/plan/: the stored inputs (null before the first save) and the plan. */
export const PlanResponseSchema = z.object({
  settings: PlanSettingsSchema.nullable(),
  rule_set: StandardsInForceSchema,
  /** The server's today (YYYY-MM-DD): the plan starts in its month. */
  today: z.string(),
  plan: PlanResultSchema.nullable(),
});
export type PlanResponse = z.infer<typeof PlanResponseSchema>;
