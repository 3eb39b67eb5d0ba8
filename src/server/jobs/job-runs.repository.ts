import { and, count, eq, isNull, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

/**
 * How long a claimed run is its claimant's before another instance may take it (the claimant
 * died mid-run). Longer than any job takes; a job still running past it may be run twice, which
 * each job's own row claims make harmless (decision 021).
 */
export const JOB_LEASE_MS = 10 * 60_000;

/**
 * Claims a job's run for one period: true for the one caller that inserted it, or that takes over
 * a run left unfinished past its lease (a crashed instance); false for everyone else (another
 * instance runs it or ran it, or a rerun within the period), who must not run it.
 */
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

/** Marks a claimed run done: nobody runs that period again. */
export async function finishJobRun(db: Db, job: string, period: Date, now: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ finishedAt: now, leaseUntil: null })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
}

/** Gives a failed run's claim back at once: the next look of any instance runs it again. */
export async function releaseJobRun(db: Db, job: string, period: Date, now: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ leaseUntil: now })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period), isNull(jobRuns.finishedAt)));
}

/** The runs whose names start with `prefix`, unfinished and past their lease at `now`. */
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

/** How many runs whose names start with `prefix` are claimed and unfinished (the metrics). */
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

/** The start of the period of `intervalMs` that `now` falls in (periods start at the epoch). */
export function periodOf(now: Date, intervalMs: number): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
}
