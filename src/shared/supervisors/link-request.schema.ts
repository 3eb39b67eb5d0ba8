import { z } from 'zod';
import { LINK_STATUSES } from './trainee-supervisor.schema';

/** A trainee's request to a supervisor (issue 36); GET /api/v1/link-requests/ lists the open ones. */
export const LinkRequestSchema = z.object({
  id: z.number(),
  trainee_name: z.string(),
  trainee_email: z.string(),
  requested_at: z.string(),
  status: z.enum(LINK_STATUSES),
});
export type LinkRequest = z.infer<typeof LinkRequestSchema>;

export const LinkRequestListSchema = z.object({ results: z.array(LinkRequestSchema) });
