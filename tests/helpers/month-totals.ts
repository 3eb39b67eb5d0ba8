import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/*
 * log_month_totals is kept by triggers on experience_logs (migrations 0013 and 0024). What the
 * tests compare it with: the same sums computed from the live logs themselves.
 */

export type TotalsRow = Record<string, number | string>;

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The table's rows and the same sums computed from the live logs, both sorted alike: every
 * trainee's, or one trainee's.
 */
export async function totalsBothWays(
  db: Db,
  traineeId?: number,
): Promise<{ kept: TotalsRow[]; recomputed: TotalsRow[] }> {
  const columns = sql.raw(`trainee_id, month, experience_type_id, logs, experience_minutes,
    independent_minutes, supervised_minutes, individual_minutes, group_minutes,
    unrestricted_minutes, restricted_minutes, contacts, observations, observation_minutes,
    approved_minutes`);
  const whose = (column: SQL) =>
    traineeId === undefined ? sql`true` : sql`${column} = ${traineeId}`;
  const kept = await rowsOf<TotalsRow>(
    db,
    sql`select ${columns} from log_month_totals where ${whose(sql.raw('trainee_id'))}
      order by trainee_id, month, experience_type_id`,
  );
  const recomputed = await rowsOf<TotalsRow>(
    db,
    sql`
    select l.trainee_id, to_char(l.date_of_experience, 'YYYY-MM') as month,
      l.experience_type_id,
      count(*)::int as logs,
      sum(l.experience_minutes)::int as experience_minutes,
      sum(l.independent_minutes)::int as independent_minutes,
      sum(l.supervised_minutes)::int as supervised_minutes,
      sum(case when l.individual_or_group = 'Individual' then l.supervised_minutes else 0 end)::int as individual_minutes,
      sum(case when l.individual_or_group = 'Group' then l.supervised_minutes else 0 end)::int as group_minutes,
      sum(l.unrestricted_minutes)::int as unrestricted_minutes,
      sum(l.restricted_minutes)::int as restricted_minutes,
      (count(*) filter (where l.individual_or_group <> 'No supervision' and coalesce(c.counts_as_contact, false)))::int as contacts,
      (count(*) filter (where l.individual_or_group <> 'No supervision' and l.client_observation = 'Yes'))::int as observations,
      sum(case when l.individual_or_group <> 'No supervision' and l.client_observation = 'Yes' then coalesce(l.observation_minutes, 0) else 0 end)::int as observation_minutes,
      sum(case when l.status = 'approved' then l.experience_minutes else 0 end)::int as approved_minutes
    from experience_logs l left join supervision_contacts c on c.id = l.supervision_contact_id
    where l.deleted_at is null and ${whose(sql.raw('l.trainee_id'))}
    group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { kept, recomputed };
}

/** The trainee's progress revision (migration 0017), or null when they have none. */
export async function progressRevision(db: Db, traineeId: number): Promise<string | null> {
  const [row] = await rowsOf<{ revision: string }>(
    db,
    sql`select revision from progress_revisions where trainee_id = ${traineeId}`,
  );
  return row?.revision ?? null;
}
