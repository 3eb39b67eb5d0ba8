import {
  SecurityEventSchema,
  type SecurityEvent,
  type Session,
} from '../../../shared/security/security.schema';
import { AppError } from '../../../shared/errors';
import { toPage, type Page } from '../../../shared/wire/pagination';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { recordSecurityEvent, type ClientInfo } from '../accounts';
import { endOtherAccess, revokeToken } from '../accounts';
import * as repo from './security.repository';

type Context = { db: Db; actor: Actor; now: Date };

/** The signed-in person's live sessions, the one asking marked as current. */
export async function listSessions(ctx: Context): Promise<Session[]> {
  const rows = await repo.listLiveSessions(ctx.db, ctx.actor.id, ctx.now);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    user_agent: row.userAgent,
    ip_address: row.ipAddress,
    is_current: row.id === ctx.actor.tokenId,
  }));
}

/** Ends one of the person's sessions (their current one too: that is signing out). 404 otherwise. */
export async function revokeSession(
  ctx: Context & { sessionId: number; client: ClientInfo },
): Promise<void> {
  const { db, actor, now, sessionId, client } = ctx;
  await db.transaction(async (tx) => {
    if (!(await revokeToken(tx, actor.id, sessionId, now))) {
      throw new AppError('NOT_FOUND', 'Session not found.');
    }
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'session_revoked', client });
  });
}

/**
 * Ends every session of the person but the one asking, and their calendar feed (its URL may be
 * in the hands of whoever held another session); returns how many sessions ended.
 */
export async function revokeOtherSessions(ctx: Context & { client: ClientInfo }): Promise<number> {
  const { db, actor, now, client } = ctx;
  return db.transaction(async (tx) => {
    const revoked = await endOtherAccess(tx, actor.id, now, actor.tokenId);
    await recordSecurityEvent(tx, {
      userId: actor.id,
      kind: 'sessions_revoked',
      client,
      details: { count: revoked },
    });
    return revoked;
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A page of the person's own security events, newest first; 404 past the last page. */
export async function listSecurityEvents(
  ctx: Context & { url: string; page: number },
): Promise<Page<SecurityEvent>> {
  const { count, rows } = await repo.pageOfEvents(ctx.db, ctx.actor.id, ctx.page);
  if (rows.length === 0 && ctx.page > 1) throw new AppError('NOT_FOUND', 'Invalid page.');
  return toPage(
    ctx.url,
    ctx.page,
    count,
    rows.map((row) => ({
      id: row.id,
      kind: SecurityEventSchema.shape.kind.parse(row.kind),
      created_at: row.createdAt.toISOString(),
      ip_address: text(row.details.ip),
      user_agent: text(row.details.user_agent),
    })),
  );
}
