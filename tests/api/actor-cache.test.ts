import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createActorCache } from '../../src/server/plugins/actor-cache';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { OnePassPglite } from '../../src/server/db/pglite-query';
import { authTokens, users } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Who a token belongs to is kept a few seconds by each app instance (plugins/actor-cache.ts).
 * Two instances on one database: what ends a session or changes an account on one, or in the
 * database itself, is honoured by both. The instance that made the change answers from the new
 * state at once; the other as soon as PostgreSQL's notification reaches it (waited for below,
 * never slept; on PGlite, one process, it arrives with the change).
 */

let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;

beforeAll(async () => {
  a = await createTestApp();
  const client = (a.db as unknown as { $client: OnePassPglite | pg.Pool }).$client;
  // A second instance: its own connections to the same PostgreSQL database, or the same PGlite.
  bDatabase =
    a.database.kind === 'postgres'
      ? await openDatabase({
          databaseUrl: (client as pg.Pool).options.connectionString,
          migrate: false,
        })
      : await openDatabase({ pglite: (client as OnePassPglite).pglite, migrate: false });
  b = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      CLIENT_DIST: '.tmp/no-client',
      STORAGE_URL: pathToFileURL(await mkdtemp(join(tmpdir(), 'ft-test-files-'))).href,
    }),
    database: bDatabase,
    mailer: a.mailer,
    now: () => a.clock.now,
    logger: false,
  });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  if (a.database.kind === 'postgres') await bDatabase.close();
  await a.close();
});

const profileOn = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/users/profile/', headers: auth(token) })).statusCode;
const auth = (token: string) => ({ authorization: `token ${token}` });
/** Waits until the other instance has heard the change (a state, never a duration). */
const eventually = (check: () => Promise<void>) =>
  vi.waitFor(check, { timeout: 5000, interval: 5 });

async function signedInOnBoth(): Promise<TestUser> {
  const user = await createTrainee(a.db);
  expect(await profileOn(a.app, user.token)).toBe(200);
  expect(await profileOn(b, user.token)).toBe(200);
  // Asked again: answered from each instance's cache.
  expect(await profileOn(a.app, user.token)).toBe(200);
  expect(await profileOn(b, user.token)).toBe(200);
  return user;
}

describe('the signed-in user kept by each instance', () => {
  it('is kept only by an instance that hears the database change, and both do', async () => {
    const cache = createActorCache(bDatabase.db);
    try {
      await eventually(async () => expect(cache.isListening()).toBe(true));
    } finally {
      await cache.close();
    }
  });

  it('a logout on one instance ends the session on both', async () => {
    const user = await signedInOnBoth();
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/v1/logout/',
      headers: auth(user.token),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await profileOn(a.app, user.token)).toBe(401);
    await eventually(async () => expect(await profileOn(b, user.token)).toBe(401));
  });

  it('a password change on one instance ends the other sessions on both', async () => {
    const user = await signedInOnBoth();
    const other = await createTrainee(a.db, { email: `x-${user.email}` });
    // A second session of the same person (a token of theirs, kept by both instances).
    const [token] = await a.db.select().from(authTokens).where(eq(authTokens.userId, other.id));
    await a.db.update(authTokens).set({ userId: user.id }).where(eq(authTokens.id, token!.id));
    expect(await profileOn(a.app, other.token)).toBe(200);
    expect(await profileOn(b, other.token)).toBe(200);
    const changed = await b.inject({
      method: 'POST',
      url: '/users/password/change/',
      headers: auth(user.token),
      payload: {
        old_password: user.password,
        new_password1: 'another-horse-77',
        new_password2: 'another-horse-77',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await profileOn(b, other.token)).toBe(401);
    expect(await profileOn(b, user.token)).toBe(200);
    await eventually(async () => expect(await profileOn(a.app, other.token)).toBe(401));
    expect(await profileOn(a.app, user.token)).toBe(200);
  });

  it('a token revoked in the database by no instance is refused by both', async () => {
    const user = await signedInOnBoth();
    await a.db
      .update(authTokens)
      .set({ revokedAt: a.clock.now })
      .where(eq(authTokens.userId, user.id));
    await eventually(async () => expect(await profileOn(a.app, user.token)).toBe(401));
    await eventually(async () => expect(await profileOn(b, user.token)).toBe(401));
  });

  it('an account change made on one instance is read on the other', async () => {
    const user = await signedInOnBoth();
    const ruleSetOn = async (app: FastifyInstance) =>
      (
        await app.inject({ method: 'GET', url: '/api/v1/validate/', headers: auth(user.token) })
      ).json<{ rule_set: { id: string; is_chosen: boolean } }>().rule_set;
    expect((await ruleSetOn(b)).is_chosen).toBe(false);
    const chosen = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/rule-set/',
      headers: auth(user.token),
      payload: { rule_set: '2027' },
    });
    expect(chosen.statusCode).toBe(200);
    await eventually(async () =>
      expect(await ruleSetOn(b)).toMatchObject({ id: '2027', is_chosen: true }),
    );
    // Unverified in the database: refused by both.
    await a.db.update(users).set({ isVerified: false }).where(eq(users.id, user.id));
    await eventually(async () => expect(await profileOn(a.app, user.token)).toBe(401));
    await eventually(async () => expect(await profileOn(b, user.token)).toBe(401));
  });

  it('a kept session still ends when its token expires', async () => {
    const user = await signedInOnBoth();
    a.clock.advanceMinutes(31 * 24 * 60);
    expect(await profileOn(a.app, user.token)).toBe(401);
    expect(await profileOn(b, user.token)).toBe(401);
  });
});
