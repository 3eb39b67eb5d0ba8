import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../../src/server/db/client';
import { supervisorLinkRequests, traineeSupervisors, users } from '../../src/server/db/schema';
import { listLinkedTrainees } from '../../src/server/features/supervisors';
import { migratedBefore } from '../helpers/migrated-before';

/*
 * Migration 0031 (issue 36): a supervisor now sees a trainee only once they accept the
 * trainee's request. The links made before requests existed must stay, as accepted, so that
 * nobody loses access when an instance starts on the new version.
 */

const MIGRATION_TAG = '0031_supervisor_link_requests';

let database: Database;
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ database, close } = await migratedBefore(MIGRATION_TAG));
  // As the previous version stored them: one record linked to Dana's account, one not.
  await database.db.execute(sql`
    with people as (
      insert into users (email, name, password_hash, is_supervisor, is_verified)
      values ('old.trainee@example.com', 'Olga Oldlog', 'x', false, true),
        ('dana@example.com', 'Dana Reyes', 'x', true, true)
      returning id, email
    )
    insert into trainee_supervisors (trainee_id, name, email, supervisor_user_id, created_at)
    select trainee.id, record.name, record.email,
      (select id from people where email = record.email), '2026-02-01T10:00:00Z'
    from people trainee
    cross join (values ('Dana Reyes', 'dana@example.com'), ('Lee Park', 'lee@example.com'))
      as record(name, email)
    where trainee.email = 'old.trainee@example.com'
  `);
  await runMigrations(database);
});
afterAll(() => close());

describe(`migration ${MIGRATION_TAG}`, () => {
  it('records every existing link as accepted, and nothing for a record without an account', async () => {
    const records = await database.db
      .select({ id: traineeSupervisors.id, email: traineeSupervisors.email })
      .from(traineeSupervisors)
      .orderBy(asc(traineeSupervisors.email));
    const requests = await database.db
      .select({
        record: supervisorLinkRequests.traineeSupervisorId,
        status: supervisorLinkRequests.status,
        answeredAt: supervisorLinkRequests.answeredAt,
      })
      .from(supervisorLinkRequests);
    expect(requests).toEqual([
      {
        record: records.find((row) => row.email === 'dana@example.com')?.id,
        status: 'accepted',
        answeredAt: new Date('2026-02-01T10:00:00Z'),
      },
    ]);
  });

  it('leaves the supervisor seeing the trainee', async () => {
    const [dana] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dana@example.com'));
    if (!dana) throw new Error('no supervisor');
    const trainees = await listLinkedTrainees(database.db, dana.id);
    expect(trainees.map((row) => row.email)).toEqual(['old.trainee@example.com']);
  });
});
