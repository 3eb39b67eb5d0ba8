import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../../src/server/db/client';
import { monthSignoffs, traineeSupervisors, users } from '../../src/server/db/schema';
import { signedMonthOf } from '../../src/server/features/logs';
import { migratedBefore } from '../helpers/migrated-before';

/*
 * Migration 0034 (issue 38 part 6): a sign-off now covers one structure. One made before covered
 * its signer's own logs, so it must name the structure of each of the signer's records of the
 * trainee when an instance starts on the new version. Olga's supervisors: Dana on her own, Lee
 * and Kim at Acme ABA (spelled two ways), Sam with a record of his own and one at Acme ABA, and
 * Pat, who signed with no record of hers.
 */

const MIGRATION_TAG = '0034_month_signoff_structure';

let database: Database;
let close: () => Promise<void> = async () => undefined;
const recordOf = new Map<string, number>();
let traineeId = 0;

beforeAll(async () => {
  ({ database, close } = await migratedBefore(MIGRATION_TAG));
  await database.db.execute(sql`
    insert into users (email, name, password_hash, is_supervisor, is_verified)
    values ('olga@example.com', 'Olga Oldlog', 'x', false, true),
      ('dana@example.com', 'Dana Reyes', 'x', true, true),
      ('lee@example.com', 'Lee Park', 'x', true, true),
      ('kim@example.com', 'Kim Cho', 'x', true, true),
      ('sam@example.com', 'Sam Stone', 'x', true, true),
      ('pat@example.com', 'Pat Quinn', 'x', true, true)
  `);
  await database.db.execute(sql`
    insert into trainee_supervisors (trainee_id, name, email, supervisor_user_id, organization)
    select trainee.id, record.name, record.email, account.id, record.organization
    from users trainee
    cross join (values ('Dana Reyes', 'dana@example.com', 'dana@example.com', ''),
        ('Lee Park', 'lee@example.com', 'lee@example.com', 'Acme ABA'),
        ('Kim Cho', 'kim@example.com', 'kim@example.com', ' acme  aba '),
        ('Sam Stone', 'sam@example.com', 'sam@example.com', ''),
        ('Sam Stone', 'sam.acme@example.com', 'sam@example.com', 'Acme ABA'))
      as record(name, email, account_email, organization)
    join users account on account.email = record.account_email
    where trainee.email = 'olga@example.com'
  `);
  await database.db.execute(sql`
    insert into month_signoffs (trainee_id, supervisor_user_id, month, signed_at, reopened_at)
    select trainee.id, signer.id, signoff.month, signoff.signed_at::timestamptz, signoff.reopened_at::timestamptz
    from users trainee
    cross join (values ('dana@example.com', '2026-01', '2026-02-02T10:00:00Z', null),
        ('lee@example.com', '2026-02', '2026-03-02T10:00:00Z', '2026-03-05T10:00:00Z'),
        ('sam@example.com', '2026-03', '2026-04-02T10:00:00Z', null),
        ('pat@example.com', '2026-03', '2026-04-03T10:00:00Z', null))
      as signoff(email, month, signed_at, reopened_at)
    join users signer on signer.email = signoff.email
    where trainee.email = 'olga@example.com'
  `);
  await runMigrations(database);
  const records = await database.db
    .select({ id: traineeSupervisors.id, email: traineeSupervisors.email })
    .from(traineeSupervisors);
  for (const record of records) recordOf.set(record.email, record.id);
  const [olga] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'olga@example.com'));
  traineeId = olga?.id ?? 0;
});
afterAll(() => close());

describe(`migration ${MIGRATION_TAG}`, () => {
  it('names each earlier sign-off’s structure from its signer’s records, one row per structure', async () => {
    const rows = await database.db
      .select({
        month: monthSignoffs.month,
        signer: users.email,
        record: monthSignoffs.traineeSupervisorId,
        signedAt: monthSignoffs.signedAt,
        reopenedAt: monthSignoffs.reopenedAt,
      })
      .from(monthSignoffs)
      .innerJoin(users, eq(users.id, monthSignoffs.supervisorUserId));
    const at = (iso: string) => new Date(iso);
    expect(rows).toHaveLength(5);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          month: '2026-01',
          signer: 'dana@example.com',
          record: recordOf.get('dana@example.com'),
          signedAt: at('2026-02-02T10:00:00Z'),
          reopenedAt: null,
        },
        {
          month: '2026-02',
          signer: 'lee@example.com',
          record: recordOf.get('lee@example.com'),
          signedAt: at('2026-03-02T10:00:00Z'),
          reopenedAt: at('2026-03-05T10:00:00Z'),
        },
        {
          month: '2026-03',
          signer: 'pat@example.com',
          record: null,
          signedAt: at('2026-04-03T10:00:00Z'),
          reopenedAt: null,
        },
        {
          month: '2026-03',
          signer: 'sam@example.com',
          record: recordOf.get('sam@example.com'),
          signedAt: at('2026-04-02T10:00:00Z'),
          reopenedAt: null,
        },
        {
          month: '2026-03',
          signer: 'sam@example.com',
          record: recordOf.get('sam.acme@example.com'),
          signedAt: at('2026-04-02T10:00:00Z'),
          reopenedAt: null,
        },
      ]),
    );
  });

  it('locks what each covered for its signer, and at an organization all its records', async () => {
    const lockedBy = async (email: string, month: string) =>
      (
        await signedMonthOf(database.db, traineeId, {
          month,
          traineeSupervisorId: recordOf.get(email) ?? 0,
        })
      )?.signoff.signedBy ?? null;
    expect(await lockedBy('dana@example.com', '2026-01')).toBe('Dana Reyes');
    expect(await lockedBy('lee@example.com', '2026-01')).toBeNull();
    // Reopened before: Lee's February stays open.
    expect(await lockedBy('lee@example.com', '2026-02')).toBeNull();
    // Sam's March covers his own record and Acme ABA's (Kim's too), not Dana's.
    expect(await lockedBy('sam@example.com', '2026-03')).toBe('Sam Stone');
    expect(await lockedBy('kim@example.com', '2026-03')).toBe('Sam Stone');
    expect(await lockedBy('dana@example.com', '2026-03')).toBeNull();
  });
});
