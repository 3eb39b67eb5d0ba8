import { z } from 'zod';
import { pageSchema } from '../wire/pagination';

/** One signed-in session (a token) as GET /api/v1/sessions/ lists it. */
export const SessionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  /** Moved forward at most once a minute. */
  last_used_at: z.string(),
  user_agent: z.string(),
  ip_address: z.string(),
  /** The session this request was made with. */
  is_current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.object({ results: z.array(SessionSchema) });

export const RevokeOthersResponseSchema = z.object({ revoked: z.number().int() });

/** The kinds of security events a person can read about their own account. */
export const SECURITY_EVENT_KINDS = [
  'signup',
  'login',
  'google_login',
  'login_failed',
  'login_locked',
  'logout',
  'email_verified',
  'password_changed',
  'password_reset',
  'password_set',
  'google_linked',
  'google_unlinked',
  'session_revoked',
  'sessions_revoked',
  'supervisor_added',
  'supervisor_removed',
  'trainee_removed',
  'trainee_restored',
  'month_signed',
  'month_reopened',
  'subscription_changed',
  'payment_method_changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** One entry of GET /api/v1/security-events/, newest first. */
export const SecurityEventSchema = z.object({
  id: z.number(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  created_at: z.string(),
  ip_address: z.string(),
  user_agent: z.string(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;
export const SecurityEventPageSchema = pageSchema(SecurityEventSchema);
