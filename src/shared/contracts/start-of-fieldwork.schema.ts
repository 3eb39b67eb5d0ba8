import { z } from 'zod';

/**
 * GET /api/v1/start-of-fieldwork/ (the trainee's own): what decides whether their hours may count
 * at all (start-of-fieldwork.ts), for the log form's and the home's words, and each structure's
 * hours that wait for a contract or do not count. POST …/ask/ answers the one-time ask.
 */
export const StartOfFieldworkSchema = z.object({
  /** Whether contracts decide which hours count (decision 033). */
  contract_rule_on: z.boolean(),
  /** Ask the trainee, once, to record or sign their contracts. */
  ask: z.boolean(),
  pathway: z.number().nullable(),
  first_class_on: z.string().nullable(),
  contracts: z.array(
    z.object({
      structure_key: z.string(),
      starts_on: z.string().nullable(),
      ended_on: z.string().nullable(),
    }),
  ),
  /** Each supervisor record with its structure, as the log form picks them. */
  records: z.array(
    z.object({ trainee_supervisor: z.number(), structure_key: z.string(), name: z.string() }),
  ),
  structures: z.array(
    z.object({
      structure_key: z.string(),
      name: z.string(),
      /** Hours with no signed contract on record: they wait for one. */
      waiting_hours: z.number(),
      /** Hours dated before the contract, after its end or before the first class. */
      lost_hours: z.number(),
    }),
  ),
});
export type StartOfFieldwork = z.infer<typeof StartOfFieldworkSchema>;

export const StartAskAnswerSchema = z.object({
  /** 'apply': judge the hours by contracts now; 'later': record them later, stop asking. */
  answer: z.enum(['apply', 'later']),
});
