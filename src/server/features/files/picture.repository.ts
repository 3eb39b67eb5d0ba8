import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Returns the key it replaces. */
export async function replaceProfilePicture(
  db: Db,
  userId: number,
  key: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ key: users.profilePic })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set({ profilePic: key }).where(eq(users.id, userId));
    return current?.key ?? null;
  });
}

/** Whether `key` is the user's current picture (an old or guessed one is not served). */
export async function isCurrentPicture(db: Db, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.profilePic, key)))
    .limit(1);
  return row !== undefined;
}
