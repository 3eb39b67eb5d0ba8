import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fvfTemplates } from '../../db/schema';

export type FvfTemplateRow = typeof fvfTemplates.$inferSelect;

/** Every uploaded template (they are shared: one per variant, for everyone). */
export function listUploaded(db: Db): Promise<FvfTemplateRow[]> {
  return db.select().from(fvfTemplates).orderBy(asc(fvfTemplates.id));
}

/**
 * Records an uploaded template; false when the variant has one already (the unique key decides
 * between two uploads at once).
 */
export async function insertUploaded(
  db: Db,
  values: {
    variantId: string;
    storageKey: string;
    sizeBytes: number;
    uploadedBy: number;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(fvfTemplates)
    .values({
      variantId: values.variantId,
      storageKey: values.storageKey,
      sizeBytes: values.sizeBytes,
      uploadedBy: values.uploadedBy,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: fvfTemplates.variantId })
    .returning({ id: fvfTemplates.id });
  return rows.length === 1;
}
