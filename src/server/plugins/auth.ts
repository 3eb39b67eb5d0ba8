import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { authTokens, users, userSubscriptions } from '../db/schema';
import {
  STANDING_COLUMNS,
  standingInputsOf,
  type StandingInputs,
} from '../features/billing/billing-standing.service';
import { createActorCache, type ActorCache } from './actor-cache';

/** Who is asking: resolved from `Authorization: token <token>` on every request. */
export type Actor = {
  id: number;
  email: string;
  name: string;
  isSupervisor: boolean;
  tokenId: number;
  /**
   * Where they live (an IANA zone), read with the token so that their own today needs no query;
   * null counts in UTC (server/clock.ts).
   */
  timeZone: string | null;
};

/**
 * What the signed-in person's account says beyond the Actor, read with the token in the same
 * query so that no route asks again: where they stand with billing (the paywall reads it) and
 * their chosen BACB rule set (the month checks and dashboards read it).
 */
export type ActorAccount = {
  billing: StandingInputs;
  /** The stored choice, '2022' | '2027', or null for the default by date. */
  ruleSet: string | null;
};

declare module 'fastify' {
  // Module augmentation merges declarations, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    actor: Actor | null;
    actorAccount: ActorAccount | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * A write route that never changes what its writer's token answers (their user, tokens or
     * subscription rows): the writer's kept session stays kept (see registerAuth).
     */
    keepsSession?: boolean;
  }
}

/** Tokens live 30 days; a password reset or logout revokes them earlier. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A session's last use is written when it is this much behind, so at most one request a minute
 * per session writes (decision 018).
 */
export const LAST_USED_PRECISION_MS = 60_000;

/** A new random token and the hash we store (the token itself is never stored). */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashSecret(token) };
}

/** SHA-256 of a secret: tokens are random, so a fast hash is enough to make a leak useless. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A token's answer; `lastUsedAt` moves forward in place when the session's last use is written. */
type SignedIn = { actor: Actor; account: ActorAccount; lastUsedAt: Date };

export function registerAuth(app: FastifyInstance, db: Db, now: () => Date): void {
  const cache = createActorCache<SignedIn>(db);
  app.addHook('onClose', () => cache.close());
  app.decorateRequest('actor', null);
  app.decorateRequest('actorAccount', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^(?:token|bearer)\s+([A-Za-z0-9]{16,128})$/i.exec(header.trim());
    if (!match?.[1]) return;
    const found = await findActor(db, cache, match[1], now());
    request.actor = found?.actor ?? null;
    request.actorAccount = found?.account ?? null;
  });
  // A write may change what the writer's own token answers (a logout, a password, a rule set, a
  // subscription): it is forgotten here, once the write is done and before the answer leaves,
  // so the writer's next request reads it again (other instances hear it through NOTIFY).
  app.addHook('onSend', async (request) => {
    if (!request.actor || SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.keepsSession) return;
    cache.forget(request.actor.id);
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The live token's user: one prepared query (the token hash's unique index), its answer kept a
 * few seconds by the actor cache (plugins/actor-cache.ts).
 */
const findActorQuery = (db: Db, name: string) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      ruleSet: users.ruleSet,
      timeZone: users.timeZone,
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      expiresAt: authTokens.expiresAt,
      // Where they stand with billing, read as billing reads it (flat: see STANDING_COLUMNS).
      ...STANDING_COLUMNS,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(userSubscriptions, eq(userSubscriptions.traineeId, users.id))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
        eq(users.isVerified, true),
      ),
    )
    .limit(1)
    .prepare(name);

async function findActor(
  db: Db,
  cache: ActorCache<SignedIn>,
  token: string,
  now: Date,
): Promise<SignedIn | null> {
  const hash = hashSecret(token);
  const signedIn = (await cache.get(hash, now)) ?? (await loadActor(db, cache, hash, now));
  // The session's last use, written at most once a minute even when the answer is kept.
  if (signedIn && now.getTime() - signedIn.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    signedIn.lastUsedAt = now;
    await db
      .update(authTokens)
      .set({ lastUsedAt: now })
      .where(eq(authTokens.id, signedIn.actor.tokenId));
  }
  return signedIn;
}

function loadActor(
  db: Db,
  cache: ActorCache<SignedIn>,
  hash: string,
  now: Date,
): Promise<SignedIn | null> {
  return cache.load(hash, async () => {
    const [row] = await prepared(db, 'auth_find_actor', findActorQuery).execute({ hash, now });
    if (!row) return null;
    const { id, email, name, isSupervisor, tokenId, timeZone, ruleSet, expiresAt, lastUsedAt } =
      row;
    const value: SignedIn = {
      lastUsedAt,
      actor: { id, email, name, isSupervisor, tokenId, timeZone },
      account: { billing: standingInputsOf(row), ruleSet },
    };
    return { userId: id, value, expiresAt };
  });
}

/** The signed-in person, or 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  }
  return request.actor;
}

/** The signed-in person's account facts (see ActorAccount), or 401. */
export function requireAccount(request: FastifyRequest): ActorAccount {
  requireActor(request);
  if (!request.actorAccount) {
    throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  }
  return request.actorAccount;
}

/** The signed-in trainee, or 401/403. */
export function requireTrainee(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (actor.isSupervisor) throw new AppError('FORBIDDEN', 'Only trainees can do this.');
  return actor;
}

/** The signed-in supervisor, or 401/403. */
export function requireSupervisor(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!actor.isSupervisor) throw new AppError('FORBIDDEN', 'Only supervisors can do this.');
  return actor;
}

/**
 * Route-level `onRequest` guards: they run before the body is validated, so an anonymous or
 * wrong-role request gets 401/403 whatever it sent.
 */
export const guard = {
  user: async (request: FastifyRequest) => void requireActor(request),
  trainee: async (request: FastifyRequest) => void requireTrainee(request),
  supervisor: async (request: FastifyRequest) => void requireSupervisor(request),
};
