import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../../src/server/db/client';
import { experienceLogs, users } from '../../src/server/db/schema';
import { sumTotalAndRange } from '../../src/server/features/progress/progress.repository';
import { migratedBefore } from '../helpers/migrated-before';

/*
 * The migration that adds observation_minutes must keep every existing log's meaning: a
 * database migrated up to the migration before it gets logs of the old shape, then the rest of
 * the migrations run, as they do when a deployed instance starts on the new version.
 */

const MIGRATION_TAG = '0004_observation_minutes';

let database: Database;
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ database, close } = await migratedBefore(MIGRATION_TAG));

  // Logs as the previous version stored them: no observation_minutes column yet.
  await database.db.execute(sql`
    with trainee as (
      insert into users (email, name, password_hash)
      values ('old.trainee@example.com', 'Olga Oldlog', 'x')
      returning id
    ), supervisor as (
      insert into trainee_supervisors (trainee_id, name, email)
      select id, 'Dana Reyes', 'dana@example.com' from trainee
      returning id, trainee_id
    )
    insert into experience_logs (
      trainee_id, trainee_supervisor_id, experience_type_id, setting_id, date_of_experience,
      start_minute, end_minute, experience_minutes, unrestricted_minutes, restricted_minutes,
      individual_or_group, method_of_supervision, supervision_start_minute,
      supervision_end_minute, supervised_minutes, independent_minutes, client_observation,
      supervision_contact_id, experience_note
    )
    select supervisor.trainee_id, supervisor.id, 1, 1, log.day::date, 540, 720, 180, 120, 60,
      log.kind, log.method, log.from_minute, log.to_minute, log.supervised, 180 - log.supervised,
      log.observed, log.contact, 'Old log'
    from supervisor cross join (values
      ('2026-03-02', 'Individual', 'In Person', 600, 660, 60, 'Yes', 3),
      ('2026-03-03', 'Group', 'Virtual', 600, 690, 90, 'No', 2),
      ('2026-03-04', 'No supervision', null, null, null, 0, null, null),
      ('2026-03-05', 'Individual', 'Virtual', 630, 660, 30, 'Yes', 1)
    ) as log(day, kind, method, from_minute, to_minute, supervised, observed, contact)
  `);
  await runMigrations(database);
});

afterAll(() => close());

describe(`migration ${MIGRATION_TAG}`, () => {
  it('gives each observed log its supervision window and every other log none', async () => {
    const rows = await database.db
      .select({
        date: experienceLogs.dateOfExperience,
        clientObservation: experienceLogs.clientObservation,
        supervisedMinutes: experienceLogs.supervisedMinutes,
        observationMinutes: experienceLogs.observationMinutes,
      })
      .from(experienceLogs)
      .orderBy(asc(experienceLogs.dateOfExperience));
    expect(rows).toEqual([
      {
        date: '2026-03-02',
        clientObservation: 'Yes',
        supervisedMinutes: 60,
        observationMinutes: 60,
      },
      {
        date: '2026-03-03',
        clientObservation: 'No',
        supervisedMinutes: 90,
        observationMinutes: null,
      },
      {
        date: '2026-03-04',
        clientObservation: null,
        supervisedMinutes: 0,
        observationMinutes: null,
      },
      {
        date: '2026-03-05',
        clientObservation: 'Yes',
        supervisedMinutes: 30,
        observationMinutes: 30,
      },
    ]);
  });

  it('keeps the month’s observation figures what the previous version counted', async () => {
    const [trainee] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'old.trainee@example.com'));
    if (!trainee) throw new Error('no trainee');
    // Before: the supervised minutes of the two observed logs, 60 + 30, and two observations.
    // All time, read from log_month_totals, which the migrations filled from the old logs.
    expect((await sumTotalAndRange(database.db, trainee.id, {})).total).toMatchObject({
      observations: 2,
      observationMinutes: 90,
    });
  });

  it('refuses an observation longer than the supervision window from then on', async () => {
    await expect(
      database.db
        .update(experienceLogs)
        .set({ observationMinutes: 61 })
        .where(eq(experienceLogs.dateOfExperience, '2026-03-02')),
    ).rejects.toThrow();
    const [row] = await database.db
      .select({ minutes: experienceLogs.observationMinutes })
      .from(experienceLogs)
      .where(eq(experienceLogs.dateOfExperience, '2026-03-02'));
    expect(row?.minutes).toBe(60);
  });
});
