import { z } from 'zod';
import { IsoDateSchema, nameText, safeText } from '../wire/primitives';
import { ProfileUpdateRequestSchema, SupervisorProfileUpdateRequestSchema } from './account.schema';
import { BACB_ID_PATTERN } from './qualification-profile.schema';

// The bodies of the SPEC's profile routes with issue 39's fields added, each optional (absent:
// unchanged). Apart from account.schema.ts, which every page's first download holds.

export const PATHWAY_INVALID = 'Choose pathway 1, 2, 3 or 4';

/** The eligibility pathway 1–4 (shared/accounts/pathway.ts names them), or null to clear it. */
export const PathwaySchema = z.union(
  [z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.null()],
  { error: PATHWAY_INVALID },
);

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

/** PUT /users/profile/{id}/ (added, each optional): a trainee's pathway and first class. */
export const TraineeStartFieldsSchema = z.object({
  pathway: PathwaySchema.optional(),
  first_class_on: IsoDateSchema.nullable().optional(),
});

/** PUT /users/profile/{id}/: the SPEC's fields, and a trainee's pathway and first class. */
export const ProfileUpdateBodySchema = ProfileUpdateRequestSchema.extend(
  TraineeStartFieldsSchema.shape,
);
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

/** PUT /users/supervisor/{id}/: the SPEC's five fields, and the qualification ones. */
export const SupervisorProfileUpdateBodySchema = SupervisorProfileUpdateRequestSchema.extend(
  SupervisorQualificationFieldsSchema.shape,
);
export type SupervisorProfileUpdateBody = z.infer<typeof SupervisorProfileUpdateBodySchema>;
