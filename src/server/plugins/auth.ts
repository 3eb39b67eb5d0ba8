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

export type Actor = {
  id: number;
  email: string;
  name: string;
  isSupervisor: boolean;
  tokenId: number;
  /** IANA zone; null counts in UTC (server/clock.ts). */
  timeZone: string | null;
};

/** Billing standing and BACB rule set, read with the token so that no route asks again. */
export type ActorAccount = {
  billing: StandingInputs;
  /** '2022' | '2027', or null for the default by date. */
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
    /** A write that never changes what its writer's token answers (see registerAuth). */
    keepsSession?: boolean;
  }
}

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** At most one write a minute per session (decision 018). */
export const LAST_USED_PRECISION_MS = 60_000;

/** The token itself is never stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashSecret(token) };
}

/** Tokens are random, so a fast hash is enough to make a leak useless. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

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
  // A write may change what the writer's token answers; other instances hear it through NOTIFY.
  app.addHook('onSend', async (request) => {
    if (!request.actor || SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.keepsSession) return;
    cache.forget(request.actor.id);
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  }
  return request.actor;
}

export function requireAccount(request: FastifyRequest): ActorAccount {
  requireActor(request);
  if (!request.actorAccount) {
    throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  }
  return request.actorAccount;
}

export function requireTrainee(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (actor.isSupervisor) throw new AppError('FORBIDDEN', 'Only trainees can do this.');
  return actor;
}

export function requireSupervisor(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!actor.isSupervisor) throw new AppError('FORBIDDEN', 'Only supervisors can do this.');
  return actor;
}

/** `onRequest` guards run before body validation: 401/403 whatever was sent. */
export const guard = {
  user: async (request: FastifyRequest) => void requireActor(request),
  trainee: async (request: FastifyRequest) => void requireTrainee(request),
  supervisor: async (request: FastifyRequest) => void requireSupervisor(request),
};
