import { z } from 'zod';

/** What a backup's manifest.json says the zip is. */
export const BACKUP_FORMAT = 'fieldwork-tracker-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_MANIFEST_PATH = 'manifest.json';

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** A file in the zip: where, how many bytes, its SHA-256. */
const PartSchema = z.object({
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: Sha256Schema,
});

/**
 * manifest.json, the last file of a backup: everything needed to check the zip before restoring
 * it. Tables are listed in the order they are restored (a table after those it refers to).
 */
export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The database the backup was taken from; a backup restores into either kind. */
  source: z.enum(['pglite', 'postgres']),
  /** How many migrations the database had applied, and the last one's name. */
  migrations: z.object({ level: z.number().int().nonnegative(), last: z.string() }),
  tables: z.array(PartSchema.extend({ name: z.string().min(1), rows: z.number().int().min(0) })),
  /** Each sequence's state, so the next id after a restore is the one it would have been. */
  sequences: z.array(
    z.object({ name: z.string().min(1), lastValue: z.string(), isCalled: z.boolean() }),
  ),
  /** The stored files (uploads, filled forms), by storage key. */
  files: z.array(PartSchema.extend({ key: z.string().min(1) })),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** The zip path of a table's rows (one JSON object a line) and of a stored file. */
export const tablePath = (table: string) => `database/${table}.jsonl`;
export const filePath = (key: string) => `files/${key}`;
