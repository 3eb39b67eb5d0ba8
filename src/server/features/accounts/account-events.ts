import type { FastifyRequest } from 'fastify';
import type { SecurityEventKind } from '../../../shared/security/security.schema';
import type { Db } from '../../db/client';
import { accountEvents } from '../../db/schema';

export type ClientInfo = { ip: string; userAgent: string };

/** A user agent longer than this is cut (it is shown, never parsed). */
const USER_AGENT_MAX = 300;

export function clientInfoOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, USER_AGENT_MAX),
  };
}

/**
 * `userId` is null for a failed sign-in with an unknown email: written all the same, so that a
 * known and an unknown email cost the same work. Never holds secrets.
 */
export async function recordSecurityEvent(
  db: Db,
  event: {
    userId: number | null;
    kind: SecurityEventKind;
    client?: ClientInfo;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const { userId, kind, client, details = {} } = event;
  await db.insert(accountEvents).values({
    userId,
    kind,
    details: client ? { ...details, ip: client.ip, user_agent: client.userAgent } : details,
  });
}
