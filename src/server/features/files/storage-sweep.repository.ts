import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { fvfTemplates, monthForms, recordFiles, supervisorProfiles, users } from '../../db/schema';

/** A new column holding keys must be added here, or the sweep removes its objects. */
export const OBJECT_KEY_COLUMNS: readonly { table: PgTable; column: PgColumn }[] = [
  { table: recordFiles, column: recordFiles.storageKey },
  { table: monthForms, column: monthForms.storageKey },
  { table: fvfTemplates, column: fvfTemplates.storageKey },
  { table: users, column: users.profilePic },
  { table: supervisorProfiles, column: supervisorProfiles.trainingCertificateKey },
];

/** Which of `keys` a row names (a deleted record file's row still names its object). */
export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  if (keys.length === 0) return referenced;
  for (const { table, column } of OBJECT_KEY_COLUMNS) {
    const rows = await db
      .select({ key: column })
      .from(table)
      .where(inArray(column, [...keys]));
    for (const row of rows) if (typeof row.key === 'string') referenced.add(row.key);
  }
  return referenced;
}
