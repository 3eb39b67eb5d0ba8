import { z } from 'zod';
import { EmailSchema } from '../accounts/account.schema';
import { NAME_MAX_LENGTH, nameText, PersonNameSchema } from '../wire/primitives';

/** A supervisor account on a trainee's request (issue 36): it sees the trainee once `accepted`. */
export const LINK_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** POST /api/v1/trainee-supervisors/ and the Add Supervisor dialog (SPEC §5). */
export const TraineeSupervisorInputSchema = z.object({
  name: PersonNameSchema,
  lastname: nameText(NAME_MAX_LENGTH).optional().default(''),
  email: EmailSchema,
  /** The organization ('' for none): its supervisors share the Organization forms (issue 26). */
  organization: nameText(200).optional().default(''),
});
export type TraineeSupervisorInput = z.infer<typeof TraineeSupervisorInputSchema>;
export type TraineeSupervisorForm = z.input<typeof TraineeSupervisorInputSchema>;

export const TraineeSupervisorPatchSchema = z.object({
  name: PersonNameSchema.optional(),
  lastname: nameText(NAME_MAX_LENGTH).optional(),
  email: EmailSchema.optional(),
  organization: nameText(200).optional(),
});

/**
 * `supervisor` is `true` with a tracker account (SPEC §2: no "Invite to tracker"), else null:
 * never the account's id, which let a trainee map emails to accounts (issue 36).
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

/** SPEC §4 "Supervisor account state": accepted, to answer, declined (issue 36), or none. */
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
