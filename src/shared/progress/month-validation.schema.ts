import { z } from 'zod';
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

/** GET /api/v1/validate/: the month's requirement checks per fieldwork type. */
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
    }),
  ),
});
export type MonthValidation = z.infer<typeof MonthValidationSchema>;
