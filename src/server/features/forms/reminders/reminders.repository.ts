import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { monthEnd, monthStart } from '../../../../shared/logs/time';
import type { Db } from '../../../db/client';
import { formReminders, traineeSupervisors, users } from '../../../db/schema';
import { sameSubject } from '../../progress';
import { supervises } from '../../supervisors';
import { noSignedMonthlyForm } from '../month-forms.repository';

const supervisorAccounts = alias(users, 'supervisor_account');

/**
 * At an organization, every record there is listed (`listUnsignedForms` keeps the one that
 * signs). With `supervisorUserId`, only the records linked to that supervisor account.
 */
export function listUnsignedMonths(
  db: Db,
  month: string,
  scope: { supervisorUserId?: number } = {},
) {
  const from = monthStart(month);
  const to = monthEnd(month);
  const unsigned = noSignedMonthlyForm({
    traineeSupervisorId: sql.raw('l.trainee_supervisor_id'),
    month,
    experienceTypeId: sql.raw('l.experience_type_id'),
  });
  return db
    .select({
      traineeSupervisorId: traineeSupervisors.id,
      supervisorName: sql<string>`trim(${traineeSupervisors.name} || ' ' || ${traineeSupervisors.lastname})`,
      organization: traineeSupervisors.organization,
      trainee: { id: users.id, email: users.email, name: users.name, timeZone: users.timeZone },
      supervisor: {
        id: supervisorAccounts.id,
        email: supervisorAccounts.email,
        name: supervisorAccounts.name,
        isVerified: supervisorAccounts.isVerified,
        timeZone: supervisorAccounts.timeZone,
      },
      /** Whether the linked account may see the trainee (not removed, access not ended). */
      isSupervising: sql<boolean>`coalesce(${supervises(traineeSupervisors.supervisorUserId)}, false)`,
    })
    .from(traineeSupervisors)
    .innerJoin(users, eq(users.id, traineeSupervisors.traineeId))
    .leftJoin(supervisorAccounts, eq(supervisorAccounts.id, traineeSupervisors.supervisorUserId))
    .where(
      and(
        eq(users.isVerified, true),
        eq(users.isSupervisor, false),
        scope.supervisorUserId === undefined
          ? undefined
          : eq(traineeSupervisors.supervisorUserId, scope.supervisorUserId),
        sql`exists (select 1 from experience_logs l where l.trainee_id = ${traineeSupervisors.traineeId} and ${sameSubject(traineeSupervisors.id, sql.raw('l.trainee_supervisor_id'))} and l.deleted_at is null and l.date_of_experience between ${from}::date and ${to}::date and ${unsigned})`,
      ),
    )
    .orderBy(asc(traineeSupervisors.id));
}

/** Only the caller that inserted it may send it (not another instance, nor a rerun). */
export async function claimReminder(
  db: Db,
  values: Omit<typeof formReminders.$inferInsert, 'id'>,
): Promise<boolean> {
  const rows = await db
    .insert(formReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: formReminders.id });
  return rows.length === 1;
}
