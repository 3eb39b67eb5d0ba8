// `npm run demo`: a trainee and a supervisor with a realistic year of fieldwork, so that a person
// trying the product sees full screens. On the embedded database it refuses to run while the
// server holds DATA_DIR (one process per PGlite folder), saying so in one line.
import { and, eq, inArray } from 'drizzle-orm';
import { createMailer } from '../src/server/adapters/mail/mailer';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { experienceLogs, logHistory, paperForms, users } from '../src/server/db/schema';
import { loadConfig } from '../src/server/env';
import {
  insertUser,
  markVerified,
  upsertSupervisorProfile,
} from '../src/server/features/accounts/accounts.repository';
import { hashPassword } from '../src/server/features/accounts/accounts.service';
import { grantLifetime } from '../src/server/features/billing/billing.service';
import { createLog } from '../src/server/features/logs/logs.service';
import { insertAccepted } from '../src/server/features/supervisors';
import { insert as insertSupervisorRecord } from '../src/server/features/supervisors/supervisors.repository';
import type { LogEntryWire } from '../src/shared/logs/log-entry.schema';
import { addDays, addMonths, formatTime, monthOf } from '../src/shared/logs/time';
import { formDeadline } from '../src/shared/progress/deadline';
import { TASKS_V6 } from '../src/shared/reference/task-lists';

export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_TRAINEE = 'demo.trainee@fieldworktracker.local';
export const DEMO_SUPERVISOR = 'demo.supervisor@fieldworktracker.local';

/** A small seeded generator: the same demo every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const NOTES = [
  'Ran a preference assessment and updated the reinforcer list.',
  'Collected ABC data during group instruction; graphed the week.',
  'Wrote a skill-acquisition plan for requesting with a communication device.',
  'Trained two RBTs on the new token-economy procedure; checked fidelity.',
  'Reviewed interobserver agreement on the elopement data.',
  'Conducted a functional assessment interview with the caregiver.',
  'Discussed ethics of dual relationships with my supervisor.',
  'Probed generalization of greetings across settings.',
];

async function findOrCreateUser(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  email: string,
  name: string,
  isSupervisor: boolean,
) {
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) return { user: existing, isNew: false };
  const user = await insertUser(db, {
    email,
    name,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isSupervisor,
    dateJoined: new Date(),
  });
  if (!user) throw new Error(`could not create ${email}`);
  await markVerified(db, user.id);
  return { user, isNew: true };
}

async function main(): Promise<void> {
  // Ctrl-C exits through 'exit', which releases the DATA_DIR lock.
  process.once('SIGINT', () => process.exit(130));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const { db } = database;
  try {
    const { user: supervisor } = await findOrCreateUser(
      db,
      DEMO_SUPERVISOR,
      'Dana Reyes, BCBA',
      true,
    );
    await upsertSupervisorProfile(db, supervisor.id, {
      bacbAccountNumber: 'BACB123456',
      bacbCertificationNumber: '1-23-45678',
      supervisorQualification: 'BCBA, completed the 8-hour supervision training',
      dateQualified: '2019-06-01',
      dateContract: '2025-10-01',
    });
    const { user: trainee, isNew } = await findOrCreateUser(db, DEMO_TRAINEE, 'Alex Morgan', false);
    // Joined today, with a year of logs that must stay open after the 7-day trial: Lifetime,
    // granted (nothing charged) unless they have a subscription already.
    await grantLifetime(db, trainee.id, new Date());
    if (!isNew) {
      console.log('The demo users exist already; nothing to add.');
    } else {
      const record = await insertSupervisorRecord(db, {
        traineeId: trainee.id,
        name: 'Dana',
        lastname: 'Reyes',
        email: DEMO_SUPERVISOR,
        supervisorUserId: supervisor.id,
      });
      if (!record) throw new Error('could not link the demo supervisor');
      const next = random(2026);
      const now = new Date();
      // The demo pair is linked at once, as if the supervisor had accepted (issue 36).
      await insertAccepted(db, {
        traineeId: trainee.id,
        supervisorUserId: supervisor.id,
        recordId: record.id,
        now,
      });
      // The logs name the record, never a new supervisor: no request, so no mail, is owed.
      const mail = {
        mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM }),
        appUrl: config.APP_URL,
      };
      const today = now.toISOString().slice(0, 10);
      const actor = {
        id: trainee.id,
        email: trainee.email,
        name: trainee.name,
        isSupervisor: false,
        tokenId: 0,
        // The demo's dates are UTC dates: the trainee counts in UTC like an account without a zone.
        timeZone: null,
      };
      let count = 0;
      // A year of fieldwork, four or five days a week; one quiet month shows adjusted hours at work.
      for (let date = addDays(today, -365); date <= today; date = addDays(date, 1)) {
        const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
        const isQuietMonth = date.slice(5, 7) === addDays(today, -150).slice(5, 7);
        if (weekday === 0 || weekday === 6 || next() < (isQuietMonth ? 0.8 : 0.1)) continue;
        const start = 8 * 60 + Math.floor(next() * 4) * 30;
        const length = (3 + Math.floor(next() * 5)) * 60;
        const isSupervised = weekday === 2 || weekday === 4;
        const supervisionStart = start + 60;
        const tasks = [0, 1, 2].map(
          () => TASKS_V6[Math.floor(next() * TASKS_V6.length)]?.id ?? 'A.1',
        );
        const wire: LogEntryWire = {
          expereince_type: 1,
          setting: 1 + Math.floor(next() * 5),
          supervisor: record.id,
          date_of_experience: date,
          time_of_expereince_start: formatTime(start),
          time_of_expereince_end: formatTime(start + length),
          unrestricted_hours: Math.round((length / 60) * 0.7 * 4) / 4,
          restricted_hours: 0,
          experience_hours: length / 60,
          individual_or_group: isSupervised
            ? weekday === 2
              ? 'Individual'
              : 'Group'
            : 'No supervision',
          method_of_supervision: isSupervised ? (next() < 0.7 ? 'In Person' : 'Virtual') : null,
          supervision_start_time: isSupervised ? formatTime(supervisionStart) : null,
          supervision_end_time: isSupervised ? formatTime(supervisionStart + 60) : null,
          supervised_hours: isSupervised ? 1 : null,
          independant_hours: isSupervised ? length / 60 - 1 : null,
          client_observation: isSupervised ? (weekday === 2 ? 'Yes' : 'No') : null,
          supervision_contact: isSupervised ? (weekday === 2 ? 3 : 2) : null,
          task: [...new Set(tasks)],
          experience_note: NOTES[Math.floor(next() * NOTES.length)] ?? NOTES[0] ?? '',
        };
        await createLog({ db, actor, now, wire, mail });
        count += 1;
      }
      // Months older than the last two are approved by the supervisor; one recent log is flagged.
      const cutoff = addDays(today, -60);
      const older = await db
        .select({ id: experienceLogs.id, date: experienceLogs.dateOfExperience })
        .from(experienceLogs)
        .where(eq(experienceLogs.traineeId, trainee.id));
      const approvedIds = older.filter((row) => row.date < cutoff).map((row) => row.id);
      if (approvedIds.length > 0) {
        await db
          .update(experienceLogs)
          .set({ status: 'approved', statusChangedAt: now, statusChangedBy: supervisor.id })
          .where(
            and(eq(experienceLogs.traineeId, trainee.id), inArray(experienceLogs.id, approvedIds)),
          );
        await db.insert(logHistory).values(
          approvedIds.map((logId) => ({
            logId,
            actorId: supervisor.id,
            action: 'approve' as const,
            changes: { status: { old: 'pending', new: 'approved' } },
          })),
        );
      }
      const flagged = older.find((row) => row.date >= cutoff);
      if (flagged) {
        await db
          .update(experienceLogs)
          .set({
            status: 'flagged',
            statusChangedAt: now,
            statusChangedBy: supervisor.id,
            flagData: {
              experience_note: {
                flagged: true,
                comment: 'Please say which client programme this was.',
              },
            },
          })
          .where(eq(experienceLogs.id, flagged.id));
      }
      // Every month past its deadline has its form signed on paper in time and confirmed by the
      // supervisor, but the latest one: a realistic record, with one month at risk to show what
      // that looks like (issue 36: the demo's year had no signed form, 934 of 1,051 h at risk).
      const months = [...new Set(older.map((row) => monthOf(row.date)))].sort();
      const overdue = months.filter((month) => formDeadline(month) < today);
      const signed = overdue.slice(0, -1);
      if (signed.length > 0) {
        await db.insert(paperForms).values(
          signed.map((month) => ({
            traineeId: trainee.id,
            traineeSupervisorId: record.id,
            month,
            experienceTypeId: 1,
            signedOn: `${addMonths(month, 1)}-10`,
            declaredBy: trainee.id,
            confirmedAt: now,
            confirmedBy: supervisor.id,
          })),
        );
      }
      console.log(
        `Added ${count} logs for the demo trainee, and ${signed.length} monthly forms signed on paper` +
          (overdue.length > signed.length ? ` (${overdue.at(-1)} left at risk).` : '.'),
      );
    }
    console.log(`\nSign in at ${config.APP_URL}:`);
    console.log(`  Trainee:    ${DEMO_TRAINEE} / ${DEMO_PASSWORD}`);
    console.log(`  Supervisor: ${DEMO_SUPERVISOR} / ${DEMO_PASSWORD}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) process.stderr.write(`${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
