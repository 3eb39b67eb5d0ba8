import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fvfTemplates } from '../../../db/schema';

export type FvfTemplateRow = typeof fvfTemplates.$inferSelect;

/** The templates one user uploaded: they serve that user's forms only (issue 26). */
export function listUploadedBy(db: Db, userId: number): Promise<FvfTemplateRow[]> {
  return db
    .select()
    .from(fvfTemplates)
    .where(eq(fvfTemplates.uploadedBy, userId))
    .orderBy(asc(fvfTemplates.id));
}

export async function findUploaded(
  db: Db,
  userId: number,
  variantId: string,
): Promise<FvfTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(fvfTemplates)
    .where(and(eq(fvfTemplates.uploadedBy, userId), eq(fvfTemplates.variantId, variantId)))
    .limit(1);
  return row;
}

/** The unique key decides between two uploads at once: the last one stays. */
export async function upsertUploaded(
  db: Db,
  values: {
    variantId: string;
    storageKey: string;
    sizeBytes: number;
    sha256: string;
    uploadedBy: number;
    now: Date;
  },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const earlier = await findUploaded(tx, values.uploadedBy, values.variantId);
    const row = {
      storageKey: values.storageKey,
      sizeBytes: values.sizeBytes,
      sha256: values.sha256,
      isCleaned: true,
      createdAt: values.now,
    };
    await tx
      .insert(fvfTemplates)
      .values({ ...row, variantId: values.variantId, uploadedBy: values.uploadedBy })
      .onConflictDoUpdate({ target: [fvfTemplates.uploadedBy, fvfTemplates.variantId], set: row });
    return earlier?.storageKey ?? null;
  });
}

/** Only if it still names `from`. */
export async function markCleaned(
  db: Db,
  values: { id: number; from: string; to: string; sizeBytes: number },
): Promise<boolean> {
  const moved = await db
    .update(fvfTemplates)
    .set({ storageKey: values.to, sizeBytes: values.sizeBytes, isCleaned: true })
    .where(and(eq(fvfTemplates.id, values.id), eq(fvfTemplates.storageKey, values.from)))
    .returning({ id: fvfTemplates.id });
  return moved.length > 0;
}
