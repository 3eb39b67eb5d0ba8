import type { QualificationFlagWire } from '../../../shared/supervisors/qualification-flag.schema';
import type { Db } from '../../db/client';
import { formQualificationFlags } from '../qualification';

type SigningRecord = { id: number; supervisorUserId: number | null };
type FlaggedRow = {
  trainee_supervisor: number;
  supervisor_name: string;
  qualification_flags: QualificationFlagWire[];
};

/**
 * Sets each row's `qualification_flags`: its signing supervisor's, over the months it covers
 * ("The Responsible Supervisor must meet all supervision requirements for the entire duration of
 * the M-FVF or F-FVF they sign", BCBA Handbook, "Multiple Supervisors at One Organization").
 */
export async function attachQualificationFlags<Row extends FlaggedRow>(
  db: Db,
  rows: Row[],
  records: readonly SigningRecord[],
  monthsOf: (row: Row) => string[],
): Promise<void> {
  const accounts = new Map(records.map((record) => [record.id, record.supervisorUserId]));
  const flags = await formQualificationFlags(
    db,
    rows.map((row) => ({
      supervisorUserId: accounts.get(row.trainee_supervisor) ?? null,
      name: row.supervisor_name,
      months: monthsOf(row),
    })),
  );
  rows.forEach((row, index) => {
    row.qualification_flags = flags[index] ?? [];
  });
}
