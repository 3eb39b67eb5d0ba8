import { z } from 'zod';
import { IsoDateSchema, nameText, safeText } from '../wire/primitives';
import { PathwaySchema } from './pathway';

// Issue 39's profile fields, optional on the SPEC's profile routes (absent: unchanged).

/** A BACB ID: the account's (BACB + digits) or a credential's X-XX-XXXXX. */
export const BACB_ID_PATTERN = /^(BACB\d{6,10}|\d-\d{2}-\d{5})$/;
export const INVALID_BACB_ID = 'Not a valid number';

/** Optional BACB ID text: trimmed and upper-cased, '' clears it. */
export const OptionalBacbIdSchema = safeText()
  .trim()
  .max(20, { error: 'Must be at most 20 characters' })
  .toUpperCase()
  .refine((value) => value === '' || BACB_ID_PATTERN.test(value), { error: INVALID_BACB_ID });

export const QUALIFICATION_PROFILE_MESSAGES = {
  certifiedFuture: 'The certification date cannot be in the future',
  trainingFuture: 'The training date cannot be in the future',
} as const;

/**
 * PUT /users/supervisor/{id}/ (added, each optional): what "Supervisor Qualifications" asks of a
 * supervisor (BCBA Handbook, updated 01/2026). null clears a date.
 */
export const SupervisorQualificationFieldsSchema = z.object({
  certified_on: IsoDateSchema.nullable().optional(),
  training_completed_on: IsoDateSchema.nullable().optional(),
  consulting_supervisor_name: nameText(150).optional(),
  consulting_supervisor_bacb_id: OptionalBacbIdSchema.optional(),
});

/** What the supervisor profile shows of them (defaults: an answer from before issue 39). */
export const SupervisorQualificationViewSchema = z.object({
  certified_on: z.string().nullable().default(null),
  training_completed_on: z.string().nullable().default(null),
  /** The training certificate's file name (GET /api/v1/training-certificate/ downloads it). */
  training_certificate_name: z.string().nullable().default(null),
  consulting_supervisor_name: z.string().default(''),
  consulting_supervisor_bacb_id: z.string().default(''),
});

/** PUT /users/profile/{id}/ (added, each optional): a trainee's pathway and first class. */
export const TraineeStartFieldsSchema = z.object({
  pathway: PathwaySchema.optional(),
  first_class_on: IsoDateSchema.nullable().optional(),
});

export const TraineeStartViewSchema = z.object({
  pathway: z.number().nullable().default(null),
  first_class_on: z.string().nullable().default(null),
});
