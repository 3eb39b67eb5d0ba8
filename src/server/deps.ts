import type { Mailer } from './adapters/mail/mailer';
import type { StoragePort } from './adapters/storage/storage.port';
import type { Database, Db } from './db/client';
import type { Config } from './env';

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: StoragePort;
  /** Tests pass a fixed clock. */
  now: () => Date;
};
