import { z } from 'zod';

// Apart from qualification.schema.ts: the forms' wire carries the flags, and the forms' schemas
// load on pages whose first download has a limit (scripts/bundle-budget.ts).

export const QUALIFICATION_FLAG_CODES = [
  'certification-unknown',
  'not-certified',
  'consultation-missing',
  'training-unknown',
  'training-after-contract',
  'training-after-month',
] as const;

/** A warning, never a removal: the reason and the section are in `message`. */
export const QualificationFlagSchema = z.object({
  code: z.enum(QUALIFICATION_FLAG_CODES),
  /** The month it is about; null when it is about the whole period. */
  month: z.string().nullable(),
  message: z.string(),
});
export type QualificationFlagWire = z.infer<typeof QualificationFlagSchema>;
