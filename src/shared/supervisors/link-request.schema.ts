import { z } from 'zod';
import { LINK_STATUSES } from './trainee-supervisor.schema';

/**
 * A trainee's request to a supervisor, as the supervisor's home screen shows it (issue 36):
 * who asks and since when. GET /api/v1/link-requests/ lists the ones still to answer.
 */
export const LinkRequestSchema = z.object({
  id: z.number(),
  trainee_name: z.string(),
  trainee_email: z.string(),
  requested_at: z.string(),
  status: z.enum(LINK_STATUSES),
});
export type LinkRequest = z.infer<typeof LinkRequestSchema>;

export const LinkRequestListSchema = z.object({ results: z.array(LinkRequestSchema) });
