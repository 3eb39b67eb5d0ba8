import { z } from 'zod';
import { RULE_SET_IDS } from '../logs/rule-sets';
import { IdSchema } from '../wire/primitives';

export const TraineeMonthTypeSchema = z.object({
  expereince_type: z.number(),
  name: z.string(),
  /** The structure judged, where the month has several (each meets the month on its own). */
  structure: z.string().nullable(),
  hours_so_far: z.number(),
  projected_hours: z.number(),
  supervision_percent: z.number(),
  supervision_required: z.number(),
  contacts: z.number(),
  contacts_required: z.number().nullable(),
  contacts_needed: z.number().nullable(),
  observation: z.object({
    unit: z.enum(['count', 'minutes']),
    actual: z.number(),
    required: z.number(),
    needed: z.number(),
  }),
  hours_needed: z.number(),
  failing_at_pace: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TraineeMonthType = z.infer<typeof TraineeMonthTypeSchema>;

/** A linked trainee's current month, with whether it will fail at the current pace. */
export const TraineeOutlookSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_at_risk: z.boolean(),
  rule_set: z.object({ id: z.enum(RULE_SET_IDS), label: z.string() }),
  types: z.array(TraineeMonthTypeSchema),
  /** The supervisor already sent this trainee a reminder today. */
  reminded_today: z.boolean(),
  /** Past months' hours whose form is unsigned after its deadline (decision 024), oldest first. */
  hours_at_risk: z.number(),
  months_at_risk: z.array(z.string()),
  /** Before 1 January 2027: what the 2027 standards cost (negative: add) and why (issue 35). */
  standards_switch: z
    .object({ cost_hours: z.number(), summary: z.string(), months: z.array(z.string()) })
    .nullable(),
});
export type TraineeOutlook = z.infer<typeof TraineeOutlookSchema>;

/** A previous month's M-FVF still unsigned with its deadline ahead (or today). */
export const UnsignedFormSchema = z.object({
  trainee_id: z.number(),
  trainee_name: z.string(),
  trainee_supervisor: z.number(),
  month: z.string(),
  deadline: z.string(),
  days_left: z.number(),
});
export type UnsignedForm = z.infer<typeof UnsignedFormSchema>;

/** GET /api/v1/at-risk/: the supervisor's linked trainees, at-risk first, and unsigned forms. */
export const AtRiskSchema = z.object({
  month: z.string(),
  today: z.string(),
  days_in_month: z.number(),
  days_elapsed: z.number(),
  days_left: z.number(),
  trainees: z.array(TraineeOutlookSchema),
  unsigned_forms: z.array(UnsignedFormSchema),
});
export type AtRisk = z.infer<typeof AtRiskSchema>;

export const RemindRequestSchema = z.object({ u_id: IdSchema });

export const RemindResponseSchema = z.object({ msg: z.string(), sent_at: z.string() });
