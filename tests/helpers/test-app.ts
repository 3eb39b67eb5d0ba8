import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { createMailer, type Mailer } from '../../src/server/adapters/mail/mailer';
import { buildApp } from '../../src/server/app';
import type { Database, Db } from '../../src/server/db/client';
import { outboxEmails } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { loggerOptions } from '../../src/server/plugins/logger';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** Every route the app registered, in order (HEAD twins of GET routes included). */
  routes: RouteOptions[];
  /** The outbox mailer the app sends with (for jobs a test runs directly). */
  mailer: Mailer;
  /** Moves the app's clock (starts at the real now). */
  clock: { now: Date; advanceMinutes: (minutes: number) => void };
  /** Sends a request, optionally as a signed-in user (their token). */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  /** The newest mail sent to an address, from the outbox. */
  lastMailTo: (email: string) => Promise<{ subject: string; text: string } | undefined>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /**
   * 'outbox' (default): mails are only stored, never printed. 'config': the mailer the app
   * builds from its configuration (SMTP when `SMTP_URL` is set).
   */
  mailer?: 'outbox' | 'config';
  /** Receives the app's log lines, written with the production logger settings. */
  logStream?: { write: (line: string) => void };
  /** The level of the lines written to `logStream` (default 'info'). */
  logLevel?: string;
  /** A database of the test's own (closed with the app) instead of a fresh test database. */
  database?: Database;
};

/** Builds the real app on a fresh database, with the outbox mailer and a movable clock. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  // Uploads go to a folder of this app's own unless the test names a storage.
  const storageDir = env.STORAGE_URL ? undefined : await mkdtemp(join(tmpdir(), 'ft-test-files-'));
  const config = loadConfig({
    // A test suite's app: the one environment that may open the test hooks (env.ts).
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '.tmp/no-client',
    ...(storageDir ? { STORAGE_URL: pathToFileURL(storageDir).href } : {}),
    ...env,
  });
  const clock = {
    now: new Date(),
    advanceMinutes(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
  };
  const outbox = createMailer({
    smtpUrl: undefined,
    from: config.MAIL_FROM,
    print: () => undefined,
  });
  const mailer = options.mailer === 'config' ? undefined : outbox;
  const logger = options.logStream
    ? loggerOptions(options.logLevel ?? 'info', options.logStream)
    : false;
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    mailer,
    now: () => clock.now,
    logger,
    onRoute: (route) => void routes.push(route),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    routes,
    mailer: outbox,
    clock,
    request: ({ token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `token ${token}` } : {}) },
      }),
    lastMailTo: async (email) => {
      const [row] = await database.db
        .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, email))
        .orderBy(desc(outboxEmails.id))
        .limit(1);
      return row;
    },
    close: async () => {
      await app.close();
      await database.close();
      if (storageDir) await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** The 6-digit code in a mail's text. */
export function codeFrom(mail: { text: string } | undefined): string {
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}
