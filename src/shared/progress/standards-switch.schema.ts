import { z } from 'zod';
import { RULE_SET_IDS } from '../logs/rule-sets';
import { StandardsInForceSchema } from '../logs/standards-in-force.schema';
import { IdSchema } from '../wire/primitives';

/** Hours under each set of standards ('2022', '2027'). */
const BySetSchema = z.object({ 2022: z.number(), 2027: z.number() });

/** One month the two sets count differently (src/shared/progress/standards-switch.ts). */
export const SwitchMonthSchema = z.object({
  month: z.string(),
  date: z.string().meta({ description: "The month in words: 'October 2026'." }),
  logged_hours: z.number(),
  counted_hours: BySetSchema,
  differences: z.array(
    z.object({
      rule_set: z.enum(RULE_SET_IDS).meta({ description: 'The set that fails the requirement.' }),
      key: z.string(),
      text: z.string().meta({ description: "'observation 30 of 60 minutes'" }),
    }),
  ),
  mends: z.array(z.object({ rule_set: z.enum(RULE_SET_IDS), text: z.string() })).meta({
    description: 'For the month still running: what would mend it before it ends.',
  }),
  is_running: z.boolean(),
});
export type SwitchMonthWire = z.infer<typeof SwitchMonthSchema>;

/** GET /api/v1/standards-switch/: the record under both sets, before the 2027 switch. */
export const StandardsSwitchSchema = z.object({
  rule_set: StandardsInForceSchema,
  switch_date: z.string(),
  is_before_switch: z.boolean(),
  reach: z
    .object({
      can_finish: z.boolean(),
      needed_hours: z.number(),
      capacity_hours: z.number(),
      apply_by: z.string(),
    })
    .nullable()
    .meta({ description: 'Whether the total fits before the switch (null after it).' }),
  counted_hours: BySetSchema,
  cost_hours: z
    .number()
    .meta({ description: 'Hours the switch takes away (negative: hours it adds).' }),
  summary: z.string().nullable(),
  months: z.array(SwitchMonthSchema),
  notified_at: z
    .string()
    .nullable()
    .meta({ description: 'When the trainee was mailed about the switch (once), if they were.' }),
});
export type StandardsSwitchWire = z.infer<typeof StandardsSwitchSchema>;

export const StandardsSwitchQuerySchema = z.object({
  u_id: IdSchema.optional().meta({
    description: "A supervisor's linked trainee (required for supervisors).",
  }),
});
