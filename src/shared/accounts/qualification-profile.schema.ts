import { z } from 'zod';

// Issue 39's fields as the profile answer shows them: in every page's first download (the
// session's user), so apart from their update schemas (profile-update.schema.ts).

/** A BACB ID: the account's (BACB + digits) or a credential's X-XX-XXXXX. */
export const BACB_ID_PATTERN = /^(BACB\d{6,10}|\d-\d{2}-\d{5})$/;

/**
 * What the supervisor profile shows of them. The server always sends them; a user kept from
 * before issue 39 (the session's copy) may lack them, so each is optional (nullish), which also
 * keeps them short in every page's first download.
 */
export const SupervisorQualificationViewSchema = z.object({
  certified_on: z.string().nullish(),
  training_completed_on: z.string().nullish(),
  /** The training certificate's file name (GET /api/v1/training-certificate/ downloads it). */
  training_certificate_name: z.string().nullish(),
  consulting_supervisor_name: z.string().optional(),
  consulting_supervisor_bacb_id: z.string().optional(),
});

export const TraineeStartViewSchema = z.object({
  pathway: z.number().nullish(),
  first_class_on: z.string().nullish(),
});
