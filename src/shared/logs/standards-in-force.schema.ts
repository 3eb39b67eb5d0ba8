import { z } from 'zod';
import { RULE_SET_IDS } from './rule-sets';

/** The standards a record is read against, and why (src/shared/logs/standards-in-force.ts). */
export const StandardsInForceSchema = z.object({
  id: z.enum(RULE_SET_IDS),
  label: z.string(),
  is_chosen: z
    .boolean()
    .meta({ description: 'True when the trainee chose the set in the profile.' }),
  reason: z.string().meta({ description: 'Why this set applies, in one sentence.' }),
  mismatch: z
    .string()
    .nullable()
    .meta({ description: 'Where the chosen set disagrees with the finish date, in one sentence.' }),
});
export type StandardsInForceWire = z.infer<typeof StandardsInForceSchema>;
