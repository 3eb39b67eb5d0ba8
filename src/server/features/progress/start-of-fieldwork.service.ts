import { eq, sql } from 'drizzle-orm';
import { isWaitingCause } from '../../../shared/contracts/start-causes';
import { startWarning } from '../../../shared/contracts/start-of-fieldwork';
import type { StartOfFieldwork } from '../../../shared/contracts/start-of-fieldwork.schema';
import { minutesToHours } from '../../../shared/logs/time';
import {
  isOrganizationKey,
  organizationName,
  subjectKey,
} from '../../../shared/supervisors/form-subject';
import type { Db } from '../../db/client';
import { experienceLogs, traineeSupervisors, users } from '../../db/schema';
import { readStartFacts, sumLogsByForm } from './progress.repository';

type Ctx = { db: Db; traineeId: number; now: Date };

/** The trainee's supervisor records, each with its structure's key and name as the reasons say it. */
async function structureRecords(db: Db, traineeId: number) {
  const records = await db
    .select({
      id: traineeSupervisors.id,
      organization: traineeSupervisors.organization,
      name: sql<string>`trim(${traineeSupervisors.name} || ' ' || ${traineeSupervisors.lastname})`,
    })
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.traineeId, traineeId))
    .orderBy(traineeSupervisors.id);
  return records.map((record) => {
    const key = subjectKey(record);
    const label = isOrganizationKey(key) ? organizationName(record.organization) : record.name;
    return { id: record.id, key, label };
  });
}

/** The trainee's start-of-fieldwork facts and each structure's hours that may not count (yet). */
export async function getStartOfFieldwork(ctx: Ctx): Promise<StartOfFieldwork> {
  const { db, traineeId } = ctx;
  const { facts, intervals } = await readStartFacts(db, traineeId);
  const records = await structureRecords(db, traineeId);
  const structures = new Map<string, StartOfFieldwork['structures'][number]>();
  for (const record of records) {
    if (!structures.has(record.key))
      structures.set(record.key, {
        structure_key: record.key,
        name: record.label,
        waiting_hours: 0,
        lost_hours: 0,
      });
  }
  const waiting = new Map<string, number>();
  const lost = new Map<string, number>();
  if (intervals.length > 0) {
    for (const part of await sumLogsByForm(db, traineeId, intervals)) {
      if (!part.startCause) continue;
      const key = subjectKey({ id: part.traineeSupervisorId, organization: part.organization });
      const into = isWaitingCause(part.startCause) ? waiting : lost;
      into.set(key, (into.get(key) ?? 0) + part.experienceMinutes);
    }
  }
  for (const structure of structures.values()) {
    structure.waiting_hours = minutesToHours(waiting.get(structure.structure_key) ?? 0);
    structure.lost_hours = minutesToHours(lost.get(structure.structure_key) ?? 0);
  }
  const [trainee] = await db
    .select({
      answeredAt: users.contractAskAnsweredAt,
      hasLogs: sql<boolean>`exists (select 1 from ${experienceLogs} where ${experienceLogs.traineeId} = ${traineeId} and ${experienceLogs.deletedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, traineeId));
  return {
    contract_rule_on: facts.contractRuleOn,
    ask: !facts.contractRuleOn && !trainee?.answeredAt && (trainee?.hasLogs ?? false),
    pathway: facts.pathway,
    first_class_on: facts.firstClassOn,
    contracts: facts.contracts.map((contract) => ({
      structure_key: contract.structureKey,
      starts_on: contract.startsOn,
      ended_on: contract.endedOn,
    })),
    records: records.map((record) => ({
      trainee_supervisor: record.id,
      structure_key: record.key,
      name: record.label,
    })),
    structures: [...structures.values()],
  };
}

/**
 * The warning before saving an entry dated where it would not count, by date and supervisor
 * record (the import's preview says it on each row, as the log form does).
 */
export async function startWarningsFor(
  db: Db,
  traineeId: number,
): Promise<(date: string, record: number) => string | null> {
  const { facts } = await readStartFacts(db, traineeId);
  if (!facts.contractRuleOn && facts.firstClassOn === null) return () => null;
  const structures = new Map(
    (await structureRecords(db, traineeId)).map((record) => [record.id, record]),
  );
  return (date, record) => {
    const structure = structures.get(record);
    return structure ? startWarning(date, structure, facts) : null;
  };
}

/** The one-time ask's answer: 'apply' turns the contract rule on now; either stops the asking. */
export async function answerStartAsk(ctx: Ctx & { answer: 'apply' | 'later' }) {
  await ctx.db
    .update(users)
    .set({
      contractAskAnsweredAt: ctx.now,
      ...(ctx.answer === 'apply' ? { contractRuleOn: true } : {}),
    })
    .where(eq(users.id, ctx.traineeId));
  return getStartOfFieldwork(ctx);
}

/**
 * The operator's switch (`npm run contract-rule`, decision 033): contracts decide a trainee's
 * hours from now (`on`), or again only once one is recorded (`off`). Null: no such trainee.
 */
export async function setContractRule(
  db: Db,
  email: string,
  on: boolean,
): Promise<{ id: number; name: string } | null> {
  const [trainee] = await db
    .update(users)
    .set({ contractRuleOn: on })
    .where(sql`${users.email} = ${email.trim().toLowerCase()} and not ${users.isSupervisor}`)
    .returning({ id: users.id, name: users.name });
  return trainee ?? null;
}
