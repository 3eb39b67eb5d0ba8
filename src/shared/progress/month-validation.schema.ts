import { z } from 'zod';
import { START_CAUSES } from '../contracts/start-causes';
import { StandardsInForceSchema } from '../logs/standards-in-force.schema';

// Apart from accrued.schema.ts (which re-exports it) so the log form's month card parses its
// answer without the dashboard's schemas (issue 11).

export const MonthlyCheckSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.number().nullable(),
  actual: z.number(),
  unit: z.enum(['hours', 'percent', 'count', 'minutes']),
  status: z.enum(['pass', 'fail', 'info']),
});

/**
 * One supervision structure's month of one type, judged on its own (Handbook "Multiple Settings
 * and/or Supervisors"): whom it names, its form's state, what it logged and keeps, and why.
 */
export const StructureMonthSchema = z.object({
  /** 'r12' (a supervisor record) or 'o:acme aba' (an organization). */
  key: z.string(),
  name: z.string(),
  expereince_type: z.number(),
  state: z.enum(['signed', 'signed-late', 'open', 'at-risk', 'mixed-types']),
  total_hours: z.number(),
  counted_hours: z.number(),
  checks: z.array(MonthlyCheckSchema),
  /** Hours dated where they may not count at all (issue 39: before a contract, the first class). */
  outside: z.array(
    z.object({
      cause: z.enum(START_CAUSES),
      hours: z.number(),
    }),
  ),
  /** Why it keeps less, or why its hours are held apart. */
  reasons: z.array(z.string()),
});
export type StructureMonth = z.infer<typeof StructureMonthSchema>;

/**
 * GET /api/v1/validate/: the month's requirement checks per fieldwork type; `checks` over the
 * type's hours, `structures` each structure's own (the verdict where there are several).
 */
export const MonthValidationSchema = z.object({
  month: z.string(),
  is_current_month: z.boolean(),
  rule_set: StandardsInForceSchema,
  types: z.array(
    z.object({
      expereince_type: z.number(),
      name: z.string(),
      total_hours: z.number(),
      checks: z.array(MonthlyCheckSchema),
      structures: z.array(StructureMonthSchema),
    }),
  ),
});
export type MonthValidation = z.infer<typeof MonthValidationSchema>;
