import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import {
  insertToken,
  insertUser,
  markVerified,
  upsertSupervisorProfile,
} from '../../src/server/features/accounts/accounts.repository';
import { hashPassword } from '../../src/server/features/accounts/accounts.service';
import { newToken, TOKEN_LIFETIME_MS } from '../../src/server/plugins/auth';

export const DEFAULT_PASSWORD = 'correct-horse-42';

export type TestUser = { id: number; email: string; name: string; password: string; token: string };

type UserOverrides = {
  name?: string;
  email?: string;
  password?: string;
  verified?: boolean;
  dateJoined?: Date;
  /**
   * The instant the account is made at (the test's clock): it joins then and its token lives
   * from then, so a test standing on another date is signed in whatever the real date.
   */
  at?: Date;
};

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

async function createUser(
  db: Db,
  isSupervisor: boolean,
  overrides: UserOverrides,
): Promise<TestUser> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const email = (
    overrides.email ?? uniqueEmail(isSupervisor ? 'supervisor' : 'trainee')
  ).toLowerCase();
  const name = overrides.name ?? (isSupervisor ? 'Sam Supervisor' : 'Tara Trainee');
  const user = await insertUser(db, {
    email,
    name,
    passwordHash: await hashPassword(password),
    isSupervisor,
    dateJoined: overrides.dateJoined ?? overrides.at ?? new Date(),
  });
  if (!user) throw new Error(`email taken: ${email}`);
  if (overrides.verified !== false) await markVerified(db, user.id);
  const { token, hash } = newToken();
  await insertToken(db, {
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date((overrides.at?.getTime() ?? Date.now()) + TOKEN_LIFETIME_MS),
  });
  return { id: user.id, email, name, password, token };
}

/** A verified trainee with a live token. */
export function createTrainee(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  return createUser(db, false, overrides);
}

/** A verified supervisor with a complete profile and a live token. */
export async function createSupervisor(
  db: Db,
  overrides: UserOverrides & { complete?: boolean } = {},
): Promise<TestUser> {
  const user = await createUser(db, true, overrides);
  if (overrides.complete !== false) {
    await upsertSupervisorProfile(db, user.id, {
      bacbAccountNumber: 'BACB123456',
      bacbCertificationNumber: '1-23-45678',
      supervisorQualification: 'BCBA',
      dateQualified: '2020-01-15',
      dateContract: '2026-01-10',
    });
  }
  return user;
}
