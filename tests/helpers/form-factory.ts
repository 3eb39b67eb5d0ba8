import { addMonths } from '../../src/shared/logs/time';
import type { Db } from '../../src/server/db/client';
import { paperForms } from '../../src/server/db/schema';

/*
 * Monthly forms signed on paper, straight into the database (no scan): what a test needs when a
 * month past its deadline must count (decision 024: unsigned, its hours would be at risk).
 */

/**
 * Records each month's form of one supervisor record as signed on paper, by default on the
 * first day of the following month (on time).
 */
export async function insertPaperForms(
  db: Db,
  opts: {
    traineeId: number;
    traineeSupervisorId: number;
    months: readonly string[];
    experienceTypeId?: number;
    signedOn?: (month: string) => string;
  },
): Promise<void> {
  if (opts.months.length === 0) return;
  await db.insert(paperForms).values(
    opts.months.map((month) => ({
      traineeId: opts.traineeId,
      traineeSupervisorId: opts.traineeSupervisorId,
      month,
      experienceTypeId: opts.experienceTypeId ?? 1,
      signedOn: opts.signedOn?.(month) ?? `${addMonths(month, 1)}-01`,
    })),
  );
}
