import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

/**
 * Claims a job's run for one period: true for the one caller that inserted it, false for everyone
 * after (another instance, or a rerun within the period), who must not run it.
 */
export async function claimJobRun(db: Db, job: string, period: Date): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ job, period })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length === 1;
}

/** The start of the period of `intervalMs` that `now` falls in (periods start at the epoch). */
export function periodOf(now: Date, intervalMs: number): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
}
