import type { Mailer } from './adapters/mail/mailer';
import type { StoragePort } from './adapters/storage/storage.port';
import type { Database, Db } from './db/client';
import type { Config } from './env';

/** What every feature's routes receive: the real parts, and the clock. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: StoragePort;
  /** The current instant; tests pass a fixed clock. */
  now: () => Date;
};
