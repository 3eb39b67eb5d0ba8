import type { Db } from '../../src/server/db/client';
import { experienceLogs, logTasks, traineeSupervisors } from '../../src/server/db/schema';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { addDays } from '../../src/shared/logs/time';

/** The overrides of createLogPayload for a 3-hour log without supervision (all independent). */
export const UNSUPERVISED_PAYLOAD = {
  individual_or_group: 'No supervision',
  method_of_supervision: null,
  supervision_start_time: null,
  supervision_end_time: null,
  supervised_hours: 0,
  independant_hours: 3,
  client_observation: null,
  supervision_contact: null,
} as const satisfies Partial<LogEntryWire>;

type LogRow = typeof experienceLogs.$inferInsert;

/** A supervisor record for the trainee (the rows logs point at). */
export async function insertSupervisorRecord(
  db: Db,
  traineeId: number,
  values: { name?: string; email?: string; supervisorUserId?: number | null } = {},
): Promise<number> {
  const [row] = await db
    .insert(traineeSupervisors)
    .values({
      traineeId,
      name: values.name ?? 'Dana Reyes',
      email:
        values.email ?? `dana-${traineeId}-${Math.random().toString(16).slice(2, 8)}@example.com`,
      supervisorUserId: values.supervisorUserId ?? null,
    })
    .returning({ id: traineeSupervisors.id });
  if (!row) throw new Error('no supervisor row');
  return row.id;
}

function wholeWindowObservation(row: LogRow): number | null {
  const isObserved = row.clientObservation === 'Yes' && row.individualOrGroup !== 'No supervision';
  return isObserved && row.supervisedMinutes > 0 ? row.supervisedMinutes : null;
}

/**
 * Inserts `count` daily logs straight into the database (fast fixtures for big data sets):
 * 09:00–12:00, one hour individually supervised with an observation (the whole hour), 2 h
 * unrestricted.
 */
export async function insertDailyLogs(
  db: Db,
  opts: {
    traineeId: number;
    traineeSupervisorId: number;
    firstDate: string;
    count: number;
    overrides?: Partial<LogRow>;
    taskIds?: string[];
  },
): Promise<number[]> {
  const ids: number[] = [];
  const batch = 500;
  for (let offset = 0; offset < opts.count; offset += batch) {
    const rows: LogRow[] = [];
    for (let i = offset; i < Math.min(opts.count, offset + batch); i += 1) {
      const row: LogRow = {
        traineeId: opts.traineeId,
        traineeSupervisorId: opts.traineeSupervisorId,
        experienceTypeId: 1,
        settingId: 1,
        dateOfExperience: addDays(opts.firstDate, i),
        startMinute: 540,
        endMinute: 720,
        experienceMinutes: 180,
        unrestrictedMinutes: 120,
        restrictedMinutes: 60,
        individualOrGroup: 'Individual',
        methodOfSupervision: 'In Person',
        supervisionStartMinute: 600,
        supervisionEndMinute: 660,
        supervisedMinutes: 60,
        independentMinutes: 120,
        clientObservation: 'Yes',
        supervisionContactId: 1,
        experienceNote: `Session ${i + 1}`,
        ...opts.overrides,
      };
      // An observation lasts the whole supervision unless the overrides say otherwise.
      rows.push({ observationMinutes: wholeWindowObservation(row), ...row });
    }
    const inserted = await db
      .insert(experienceLogs)
      .values(rows)
      .returning({ id: experienceLogs.id });
    const taskIds = opts.taskIds ?? ['A.1'];
    if (taskIds.length > 0) {
      await db
        .insert(logTasks)
        .values(
          inserted.flatMap((row) =>
            taskIds.map((taskId, position) => ({ logId: row.id, taskId, position })),
          ),
        );
    }
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
