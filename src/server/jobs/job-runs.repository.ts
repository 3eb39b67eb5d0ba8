import { and, count, eq, isNull, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

/** Longer than any job; a job run twice past it is harmless by its row claims (decision 021). */
export const JOB_LEASE_MS = 10 * 60_000;

/** True for the one caller that inserts the run, or takes over one left past its lease. */
export async function claimJobRun(
  db: Db,
  job: string,
  period: Date,
  now: Date = new Date(),
): Promise<boolean> {
  const leaseUntil = new Date(now.getTime() + JOB_LEASE_MS);
  const rows = await db
    .insert(jobRuns)
    .values({ job, period, startedAt: now, leaseUntil })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.period],
      set: { startedAt: now, leaseUntil },
      setWhere: and(isNull(jobRuns.finishedAt), lte(jobRuns.leaseUntil, now)),
    })
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

export async function finishJobRun(db: Db, job: string, period: Date, now: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ finishedAt: now, leaseUntil: null })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
}

export async function releaseJobRun(db: Db, job: string, period: Date, now: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ leaseUntil: now })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period), isNull(jobRuns.finishedAt)));
}

export async function expiredJobRuns(
  db: Db,
  prefix: string,
  now: Date,
): Promise<{ job: string; period: Date }[]> {
  return db
    .select({ job: jobRuns.job, period: jobRuns.period })
    .from(jobRuns)
    .where(
      and(
        like(jobRuns.job, `${prefix}%`),
        isNull(jobRuns.finishedAt),
        lte(jobRuns.leaseUntil, now),
      ),
    );
}

export async function countUnfinishedJobRuns(
  db: Db,
  prefix: string,
  now: Date,
): Promise<{ running: number; expired: number }> {
  const [row] = await db
    .select({
      running: count(),
      expired: sql<number>`count(*) filter (where ${jobRuns.leaseUntil} <= ${now.toISOString()}::timestamptz)`,
    })
    .from(jobRuns)
    .where(
      and(
        like(jobRuns.job, `${prefix}%`),
        isNull(jobRuns.finishedAt),
        sql`${jobRuns.leaseUntil} is not null`,
      ),
    );
  return { running: Number(row?.running ?? 0), expired: Number(row?.expired ?? 0) };
}

export function periodOf(now: Date, intervalMs: number): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
}
