import { z } from 'zod';

export const BACKUP_FORMAT = 'fieldwork-tracker-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_MANIFEST_PATH = 'manifest.json';

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

const PartSchema = z.object({
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: Sha256Schema,
});

/** Tables are listed in the order they are restored (a table after those it refers to). */
export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  /** A backup restores into either kind. */
  source: z.enum(['pglite', 'postgres']),
  migrations: z.object({ level: z.number().int().nonnegative(), last: z.string() }),
  tables: z.array(PartSchema.extend({ name: z.string().min(1), rows: z.number().int().min(0) })),
  sequences: z.array(
    z.object({ name: z.string().min(1), lastValue: z.string(), isCalled: z.boolean() }),
  ),
  files: z.array(PartSchema.extend({ key: z.string().min(1) })),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export const tablePath = (table: string) => `database/${table}.jsonl`;
export const filePath = (key: string) => `files/${key}`;
