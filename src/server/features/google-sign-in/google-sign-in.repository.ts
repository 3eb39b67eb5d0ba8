import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, oidcIdentities, oidcPending } from '../../db/schema';

export type PendingRow = typeof oidcPending.$inferSelect;
export type PendingKind = PendingRow['kind'];
export type IdentityRow = typeof oidcIdentities.$inferSelect;

export async function insertPending(
  db: Db,
  values: typeof oidcPending.$inferInsert,
): Promise<void> {
  await db.insert(oidcPending).values(values);
}

const livePending = (kind: PendingKind, secretHash: string, now: Date) =>
  and(
    eq(oidcPending.kind, kind),
    eq(oidcPending.secretHash, secretHash),
    isNull(oidcPending.consumedAt),
    gt(oidcPending.expiresAt, now),
  );

export async function findLivePending(
  db: Db,
  kind: PendingKind,
  secretHash: string,
  now: Date,
): Promise<PendingRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcPending)
    .where(livePending(kind, secretHash, now))
    .limit(1);
  return row;
}

/** Conditional on it being unused, so two requests racing with one `state` cannot both go on. */
export async function consumePending(
  db: Db,
  kind: PendingKind,
  secretHash: string,
  now: Date,
): Promise<PendingRow | undefined> {
  const [row] = await db
    .update(oidcPending)
    .set({ consumedAt: now })
    .where(livePending(kind, secretHash, now))
    .returning();
  return row;
}

export async function deleteExpiredPending(db: Db, before: Date): Promise<void> {
  await db.delete(oidcPending).where(lt(oidcPending.expiresAt, before));
}

export async function findIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** The user's link to an issuer (the oldest when the issuer was changed since). */
export async function identityOfUser(db: Db, userId: number): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .orderBy(oidcIdentities.id)
    .limit(1);
  return row;
}

/** Links an issuer account; false when it, or another of this issuer, is linked already. */
export async function insertIdentity(
  db: Db,
  values: { userId: number; issuer: string; subject: string; email: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(oidcIdentities)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: oidcIdentities.id });
  return rows.length === 1;
}

export async function deleteIdentitiesOf(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .returning({ id: oidcIdentities.id });
  return rows.length;
}

export async function userOfLiveToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId;
}
