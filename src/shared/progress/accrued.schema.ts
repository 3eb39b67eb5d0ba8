import { z } from 'zod';
import { StandardsInForceSchema } from '../logs/standards-in-force.schema';
import { RULE_SET_IDS } from '../logs/rule-sets';
import { IdSchema, IsoDateSchema, MonthSchema } from '../wire/primitives';
import { StructureMonthSchema } from './month-validation.schema';

/** The sidebar's rows (SPEC §2, §3 "Accrued totals"): hours decimal, percentages 0–100. */
export const AccruedTotalsSchema = z.object({
  experience_hours: z.number(),
  independent_hours: z.number(),
  supervised_hours: z.number(),
  unrestricted_hours: z.number(),
  percent_unrestricted: z.number(),
  supervision_contacts: z.number(),
  percent_supervision: z.number(),
});
export type AccruedTotals = z.infer<typeof AccruedTotalsSchema>;

/** GET /api/v1/get-accrued/: all-time and range totals, the range's called `weekly` (SPEC §3, §7). */
export const AccruedResponseSchema = z.object({
  total: AccruedTotalsSchema.meta({ description: 'Totals of every log, all time.' }),
  weekly: AccruedTotalsSchema.meta({
    description:
      'Totals of the logs dated from_date to to_date (by default this month to date: the first to the last day of the current month, since no log is dated later than today).',
  }),
  from_date: z.string().meta({ description: 'First day of the range (YYYY-MM-DD).' }),
  to_date: z.string().meta({ description: 'Last day of the range (YYYY-MM-DD).' }),
});
export type AccruedResponse = z.infer<typeof AccruedResponseSchema>;

/** Its query: an optional range (default: this month) and, for supervisors, the trainee. */
export const AccruedQuerySchema = z.object({
  from_date: IsoDateSchema.optional().meta({
    description: 'First day of the `weekly` range; default the first day of this month.',
  }),
  to_date: IsoDateSchema.optional().meta({
    description: 'Last day of the `weekly` range; default the last day of this month.',
  }),
  u_id: IdSchema.optional().meta({
    description: "A supervisor's linked trainee (required for supervisors).",
  }),
});

export { MonthValidationSchema, type MonthValidation } from './month-validation.schema';

export const MonthQuerySchema = z.object({ month: MonthSchema.optional() });

/** GET /api/v1/get-trainee-task/: each documented task with its dates (the task grid's cells). */
export const DocumentedTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.enum(['v5', 'v6']),
  dates: z.array(z.string()),
  count: z.number(),
});
export type DocumentedTask = z.infer<typeof DocumentedTaskSchema>;

export const DocumentedTasksQuerySchema = z.object({
  month: MonthQuerySchema.shape.month,
  u_id: IdSchema.optional(),
});

/** PUT /api/v1/rule-set/: the trainee's choice of standards; null returns to the default by date. */
export const RuleSetChoiceSchema = z.object({ rule_set: z.enum(RULE_SET_IDS).nullable() });
export type RuleSetChoice = z.infer<typeof RuleSetChoiceSchema>;

/** GET /api/v1/dashboard-api/: the two charts (hours toward the goal; restricted vs unrestricted). */
export const DashboardSchema = z.object({
  goal_hours: z.number(),
  total_hours: z.number(),
  /** Logged hours of each fieldwork type, whatever counts of them. */
  supervised_type_hours: z.number(),
  concentrated_type_hours: z.number(),
  /** The hours of each type that count (after the forms and the monthly requirements). */
  counted_supervised_type_hours: z.number(),
  counted_concentrated_type_hours: z.number(),
  /** Toward 2,000 hours: counted hours, concentrated ×1.33 (uncounted hours are not progress). */
  progress_hours: z.number(),
  progress_percent: z.number(),
  remaining_hours: z.number(),
  restricted_hours: z.number(),
  unrestricted_hours: z.number(),
  approved_hours: z.number(),
  counted_hours: z.number(),
  // Under monthly forms unsigned after the deadline: not in `counted_hours`, not lost yet; a signed
  // form brings them back (decision 024).
  at_risk_hours: z.number(),
  /** The 60 calendar months the counted figures add (decision 032). */
  five_year_window: z.object({
    from: z.string(),
    to: z.string(),
    label: z.string(),
    basis: z.enum(['running', 'best']).meta({
      description:
        '`running`: the goal is not met, the window ends with the current month and moves with it; `best`: the 60 months reaching the goal with the most hours, fixed.',
    }),
  }),
  /** Months whose counted hours fall outside the window: not in the counted figures. */
  outside_window: z.array(
    z.object({
      month: z.string(),
      date: z.string(),
      counted_hours: z.number(),
      reason: z.string(),
    }),
  ),
  outside_window_hours: z.number(),
  /** Over the next three months, the months that fall outside the window, month by month. */
  expiring: z.array(
    z.object({
      on: z.string().meta({ description: 'The day the month falls out (YYYY-MM-DD).' }),
      month: z.string(),
      date: z.string(),
      counted_hours: z.number(),
      message: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const RemovalSchema = z.object({ rule: z.string(), hours: z.number(), reason: z.string() });

/** One row of the Monthly Details table (SPEC §3 "Dashboard table row") plus adjusted hours. */
export const DashboardMonthSchema = z.object({
  date: z.string(),
  month: z.string(),
  total_hours: z.number(),
  supervised: z.number(),
  unrestricted: z.number(),
  restricted: z.number(),
  approved_hours: z.number(),
  /** What the BACB would count for the month after the shortfall rules. */
  adjusted_hours: z.number(),
  removals: z.array(RemovalSchema.extend({ expereince_type: z.number() })),
  /** Hours of the month under forms unsigned after the deadline: apart from `adjusted_hours`. */
  at_risk_hours: z.number(),
  /** Why, per form (names the supervisor or organization, the deadline and the hours). */
  at_risk: z.array(
    z.object({ hours: z.number(), reason: z.string(), expereince_type: z.number() }),
  ),
  types: z.array(z.number()),
  /** Each structure's own judgement (one per structure and type with hours). */
  structures: z.array(StructureMonthSchema),
});
export type DashboardMonth = z.infer<typeof DashboardMonthSchema>;

export const DashboardTableSchema = z.object({
  rule_set: StandardsInForceSchema,
  results: z.array(DashboardMonthSchema),
});
export type DashboardTable = z.infer<typeof DashboardTableSchema>;

/** GET /api/v1/badges-api/ (SPEC §3 "Badge data"). */
export const BadgesSchema = z.object({
  percentage_supervised: z.number(),
  percentage_concentrated: z.number(),
  overall_progress: z.number(),
});
export type Badges = z.infer<typeof BadgesSchema>;
