import { z } from 'zod';
import { EmailSchema } from '../accounts/account.schema';
import { NAME_MAX_LENGTH, nameText, PersonNameSchema } from '../wire/primitives';

/**
 * Where a supervisor account stands on a trainee's request to see them (issue 36): the account
 * sees the trainee only once `accepted`.
 */
export const LINK_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** POST /api/v1/trainee-supervisors/ and the Add Supervisor dialog (SPEC §5). */
export const TraineeSupervisorInputSchema = z.object({
  name: PersonNameSchema,
  lastname: nameText(NAME_MAX_LENGTH).optional().default(''),
  email: EmailSchema,
  /**
   * The organization the supervisor supervises the trainee at, if any ('' for none): its
   * supervisors share the Organization M-FVF and F-FVF (issue 26).
   */
  organization: nameText(200).optional().default(''),
});
export type TraineeSupervisorInput = z.infer<typeof TraineeSupervisorInputSchema>;
export type TraineeSupervisorForm = z.input<typeof TraineeSupervisorInputSchema>;

/** PATCH /api/v1/trainee-supervisors/{id}/: any of the fields. */
export const TraineeSupervisorPatchSchema = z.object({
  name: PersonNameSchema.optional(),
  lastname: nameText(NAME_MAX_LENGTH).optional(),
  email: EmailSchema.optional(),
  organization: nameText(200).optional(),
});

/**
 * A trainee's supervisor on the wire. `supervisor` is `true` when the supervisor has a tracker
 * account (SPEC §2: no "Invite to tracker"), else null: never the account's id, which let a
 * trainee map emails to accounts (issue 36). `link_status` is where that account stands on
 * seeing the trainee (null without an account). `access_ended_at` when the trainee ended the
 * supervisor's access (the record stays).
 */
export const TraineeSupervisorSchema = z.object({
  id: z.number(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  organization: z.string(),
  supervisor: z.literal(true).nullable(),
  link_status: z.enum(LINK_STATUSES).nullable(),
  invited_at: z.string().nullable(),
  access_ended_at: z.string().nullable(),
});
export type TraineeSupervisor = z.infer<typeof TraineeSupervisorSchema>;

/**
 * How the trainee's table shows a supervisor's account (SPEC §4 "Supervisor account state"): an
 * account that accepted, is still to answer or declined (issue 36), or no account, invited or not.
 */
export function supervisorAccountState(
  row: Pick<TraineeSupervisor, 'link_status' | 'invited_at'>,
): LinkStatus | 'invited' | 'none' {
  if (row.link_status !== null) return row.link_status;
  return row.invited_at ? 'invited' : 'none';
}

/** Whether the supervisor still supervises the trainee (new logs may name them). */
export function hasAccess(row: Pick<TraineeSupervisor, 'access_ended_at'>): boolean {
  return row.access_ended_at === null;
}

/** The label a log form's select shows. */
export function supervisorDisplayName(row: Pick<TraineeSupervisor, 'name' | 'lastname'>): string {
  return [row.name, row.lastname].filter((part) => part.trim() !== '').join(' ');
}
