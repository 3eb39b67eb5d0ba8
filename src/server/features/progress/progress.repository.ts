import { and, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import type {
  CountingRows,
  FormPartRow,
  MinuteTotals,
  MonthTypeRow,
} from '../../../shared/progress/month-pipeline';
import { splitRange } from './range-split';
import {
  recordStartIntervals,
  type ContractTerm,
  type StartFacts,
  type StartInterval,
} from '../../../shared/contracts/start-of-fieldwork';
import { subjectKey } from '../../../shared/supervisors/form-subject';
import {
  contractVersions,
  experienceLogs,
  fieldworkPlans,
  supervisionContracts,
  logMonthTotals,
  logTasks,
  supervisionContacts,
  traineeSupervisors,
  users,
} from '../../db/schema';

type Range = { from?: string | undefined; to?: string | undefined };

function scope(traineeId: number, range: Range) {
  return and(
    eq(experienceLogs.traineeId, traineeId),
    isNull(experienceLogs.deletedAt),
    range.from ? gte(experienceLogs.dateOfExperience, range.from) : undefined,
    range.to ? lte(experienceLogs.dateOfExperience, range.to) : undefined,
  );
}

const isSupervised = sql`${experienceLogs.individualOrGroup} <> 'No supervision'`;
const whenObserved = sql`${isSupervised} and ${experienceLogs.clientObservation} = 'Yes'`;

/** One log's part of each sum (the same rules as the trigger that keeps log_month_totals). */
const logParts = {
  logs: sql<number>`1`,
  experienceMinutes: sql<number>`${experienceLogs.experienceMinutes}`,
  independentMinutes: sql<number>`${experienceLogs.independentMinutes}`,
  supervisedMinutes: sql<number>`${experienceLogs.supervisedMinutes}`,
  individualMinutes: sql<number>`case when ${experienceLogs.individualOrGroup} = 'Individual' then ${experienceLogs.supervisedMinutes} else 0 end`,
  groupMinutes: sql<number>`case when ${experienceLogs.individualOrGroup} = 'Group' then ${experienceLogs.supervisedMinutes} else 0 end`,
  unrestrictedMinutes: sql<number>`${experienceLogs.unrestrictedMinutes}`,
  restrictedMinutes: sql<number>`${experienceLogs.restrictedMinutes}`,
  // A phone call is not a contact (the contact kind says whether it counts).
  contacts: sql<number>`case when ${isSupervised} and coalesce(${supervisionContacts.countsAsContact}, false) then 1 else 0 end`,
  observations: sql<number>`case when ${whenObserved} then 1 else 0 end`,
  // Each observation's own duration (a log's observation is at most its supervision window).
  observationMinutes: sql<number>`case when ${whenObserved} then coalesce(${experienceLogs.observationMinutes}, 0) else 0 end`,
};

const TOTAL_KEYS = Object.keys(logParts) as (keyof MinuteTotals)[];
const columnName = (key: keyof MinuteTotals): SQL =>
  sql`${sql.identifier(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))}`;

const summed = (column: (key: keyof MinuteTotals) => SQL, where?: SQL) =>
  Object.fromEntries(
    TOTAL_KEYS.map((key) => [
      key,
      where
        ? sql<number>`coalesce(sum(${column(key)}) filter (where ${where}), 0)::int`
        : sql<number>`coalesce(sum(${column(key)}), 0)::int`,
    ]),
  ) as Record<keyof MinuteTotals, SQL<number>>;

const placeholder = (name: string) => sql.placeholder(name);
const between = (column: SQL | AnyPgColumn, from: string, to: string) =>
  sql`${column} between ${placeholder(from)} and ${placeholder(to)}`;

const totalAndRangeQuery = (db: Db, name: string) => {
  const totalsPart = sql.join(
    TOTAL_KEYS.map((key) => sql`${logMonthTotals[key]} as ${columnName(key)}`),
    sql`, `,
  );
  const logsPart = sql.join(
    TOTAL_KEYS.map((key) => sql`${logParts[key]} as ${columnName(key)}`),
    sql`, `,
  );
  // The total reads every month only when the revision is not the caller's kept one (a condition
  // on no row: PostgreSQL tests it once and skips the scan).
  const parts = sql`(
    select false as for_total, true as in_range, ${totalsPart}
    from ${logMonthTotals}
    where ${logMonthTotals.traineeId} = ${placeholder('traineeId')}
      and ${between(logMonthTotals.month, 'monthFrom', 'monthTo')}
    union all
    select true, false, ${totalsPart}
    from ${logMonthTotals}
    where ${logMonthTotals.traineeId} = ${placeholder('traineeId')}
      and coalesce(${revisionColumn}, '') <> ${placeholder('keptRevision')}
    union all
    select false, true, ${logsPart} from ${experienceLogs}
    left join ${supervisionContacts} on ${supervisionContacts.id} = ${experienceLogs.supervisionContactId}
    where ${experienceLogs.traineeId} = ${placeholder('traineeId')}
      and ${experienceLogs.deletedAt} is null
      and (${between(experienceLogs.dateOfExperience, 'headFrom', 'headTo')}
        or ${between(experienceLogs.dateOfExperience, 'tailFrom', 'tailTo')})
  ) as parts`;
  const prefixed = (prefix: string, columns: Record<string, SQL<number>>) =>
    Object.fromEntries(Object.entries(columns).map(([key, value]) => [`${prefix}_${key}`, value]));
  return db
    .select({
      revision: revisionColumn,
      ...prefixed('total', summed(columnName, sql`${sql.identifier('for_total')}`)),
      ...prefixed('range', summed(columnName, sql`${sql.identifier('in_range')}`)),
    })
    .from(parts)
    .prepare(name);
};

/**
 * All-time and range sums in one query; the total is null while the revision (read in the same
 * statement) is still `keptRevision`: the caller's kept total stands.
 */
export async function sumTotalAndRange(
  db: Db,
  traineeId: number,
  range: Range,
  keptRevision?: string,
): Promise<{ total: MinuteTotals | null; range: MinuteTotals; revision: string | null }> {
  const { months, head, tail } = splitRange(range);
  const [row] = await prepared(db, 'progress_total_and_range', totalAndRangeQuery).execute({
    traineeId,
    monthFrom: months.from,
    monthTo: months.to,
    headFrom: head.from,
    headTo: head.to,
    tailFrom: tail.from,
    tailTo: tail.to,
    // No revision is '' (never kept): anything else sums the total.
    keptRevision: keptRevision ?? '-',
  });
  const revision = row?.revision ?? null;
  const part = (prefix: string) =>
    Object.fromEntries(
      TOTAL_KEYS.map((key) => [
        key,
        (row as unknown as Record<string, number>)[`${prefix}_${key}`] ?? 0,
      ]),
    ) as MinuteTotals;
  const isKept = keptRevision !== undefined && revision === keptRevision;
  return { total: isKept ? null : part('total'), range: part('range'), revision };
}

const monthWithCumulativeQuery = (db: Db, name: string) =>
  db
    .select({
      experienceTypeId: logMonthTotals.experienceTypeId,
      ...summed(
        (key) => sql`${logMonthTotals[key]}`,
        sql`${logMonthTotals.month} = ${placeholder('month')}`,
      ),
      cumulativeExperienceMinutes: sql<number>`coalesce(sum(${logMonthTotals.experienceMinutes}), 0)::int`,
      cumulativeUnrestrictedMinutes: sql<number>`coalesce(sum(${logMonthTotals.unrestrictedMinutes}), 0)::int`,
    })
    .from(logMonthTotals)
    .where(
      and(
        eq(logMonthTotals.traineeId, placeholder('traineeId')),
        lte(logMonthTotals.month, placeholder('month')),
      ),
    )
    .groupBy(logMonthTotals.experienceTypeId)
    .orderBy(logMonthTotals.experienceTypeId)
    .prepare(name);

/** The sums of every month up to it are what the 60% unrestricted rule reads. */
export async function sumMonthWithCumulative(
  db: Db,
  traineeId: number,
  month: string,
): Promise<{
  byType: (MinuteTotals & { experienceTypeId: number })[];
  cumulative: Pick<MinuteTotals, 'experienceMinutes' | 'unrestrictedMinutes'>;
}> {
  const rows = await prepared(db, 'progress_month_cumulative', monthWithCumulativeQuery).execute({
    traineeId,
    month,
  });
  return {
    byType: rows
      .filter((row) => row.logs > 0)
      .map(({ cumulativeExperienceMinutes: _e, cumulativeUnrestrictedMinutes: _u, ...row }) => row),
    cumulative: {
      experienceMinutes: rows.reduce((sum, row) => sum + row.cumulativeExperienceMinutes, 0),
      unrestrictedMinutes: rows.reduce((sum, row) => sum + row.cumulativeUnrestrictedMinutes, 0),
    },
  };
}

export async function documentedTasks(
  db: Db,
  traineeId: number,
  range: Range,
): Promise<{ taskId: string; dates: string[]; logs: number }[]> {
  return db
    .select({
      taskId: logTasks.taskId,
      dates: sql<
        string[]
      >`array_agg(distinct ${experienceLogs.dateOfExperience}::text order by ${experienceLogs.dateOfExperience}::text)`,
      logs: sql<number>`count(*)::int`,
    })
    .from(logTasks)
    .innerJoin(experienceLogs, eq(experienceLogs.id, logTasks.logId))
    .where(scope(traineeId, range))
    .groupBy(logTasks.taskId);
}

export async function setRuleSet(db: Db, traineeId: number, ruleSet: string | null): Promise<void> {
  await db.update(users).set({ ruleSet }).where(eq(users.id, traineeId));
}

/**
 * Migration 0017: triggers give it a new random value with every change to the trainee's
 * log_month_totals rows or month_forms, so equal revisions mean equal month rows and forms.
 * (Written out: drizzle leaves the columns of a one-table select unqualified.)
 */
const revisionColumn = sql<string | null>`(select r.revision::text from progress_revisions r
    where r.trainee_id = ${placeholder('traineeId')})`;

const revisionQuery = (db: Db, name: string) =>
  db
    .select({ revision: revisionColumn })
    .from(sql`(select 1) as one`)
    .prepare(name);

/** The trainee's progress revision; null when none was written (nothing may be kept). */
export async function progressRevision(db: Db, traineeId: number): Promise<string | null> {
  const [row] = await prepared(db, 'progress_revision', revisionQuery).execute({ traineeId });
  return row?.revision ?? null;
}

const monthRowsQuery = (db: Db, name: string) =>
  db
    .select({
      // The same for every row: read once, in the statement's snapshot of the rows.
      revision: revisionColumn,
      month: logMonthTotals.month,
      experienceTypeId: logMonthTotals.experienceTypeId,
      ...Object.fromEntries(TOTAL_KEYS.map((key) => [key, logMonthTotals[key]])),
      approvedMinutes: logMonthTotals.approvedMinutes,
    })
    .from(logMonthTotals)
    .where(eq(logMonthTotals.traineeId, placeholder('traineeId')))
    .orderBy(logMonthTotals.month, logMonthTotals.experienceTypeId)
    .prepare(name);

/** A row a month, never the logs; the revision is read in the same snapshot. */
export async function sumLogsByMonthAndType(
  db: Db,
  traineeId: number,
): Promise<{ rows: MonthTypeRow[]; revision: string | null }> {
  const rows = await prepared(db, 'progress_month_rows', monthRowsQuery).execute({ traineeId });
  return {
    rows: rows.map(({ revision: _revision, ...row }) => row) as MonthTypeRow[],
    revision: rows[0]?.revision ?? null,
  };
}

/** The finish date of the trainee's plan (their planned application date), if they set one. */
export async function findPlannedFinish(db: Db, traineeId: number): Promise<string | null> {
  const [row] = await db
    .select({ targetDate: fieldworkPlans.targetDate })
    .from(fieldworkPlans)
    .where(eq(fieldworkPlans.traineeId, traineeId));
  return row?.targetDate ?? null;
}

/** An organization's name as records are compared (shared/supervisors/form-subject's `organizationKey`), in SQL. */
export const organizationKeySql = (column: SQL) =>
  sql`regexp_replace(lower(btrim(${column})), '[[:space:]]+', ' ', 'g')`;

/** The supervisor records `recordColumn` may stand for: itself, or one at the same organization. */
export const sameSubject = (record: unknown, recordColumn: SQL) =>
  sql`(${recordColumn} = ${record} or exists (select 1 from trainee_supervisors a join trainee_supervisors b on b.trainee_id = a.trainee_id where a.id = ${record} and b.id = ${recordColumn} and btrim(a.organization) <> '' and ${organizationKeySql(sql`a.organization`)} = ${organizationKeySql(sql`b.organization`)}))`;

/**
 * The one reading of "a signed form" in SQL (the counted hours, and forms' `noSignedMonthlyForm`
 * for the reminders, the at-risk list and the calendar feed): the earliest of the app's completed
 * M-FVFs and the live paper forms (one declared by the trainee alone counts, issue 36), null for
 * none. An Organization form signed with another supervisor of the organization covers the record
 * too. Whether the date was in time is the shared rule's (src/shared/progress/form-hours.ts).
 */
export function formSignedOn(form: {
  traineeSupervisorId: unknown;
  month: unknown;
  experienceTypeId: unknown;
}): SQL<string | null> {
  return sql<string | null>`(select min(signed.on_date)::text from (
    select f.completed_on as on_date from month_forms f where f.kind = 'monthly' and f.voided_at is null and f.completed_on is not null and f.month = ${form.month} and f.experience_type_id = ${form.experienceTypeId} and ${sameSubject(form.traineeSupervisorId, sql`f.trainee_supervisor_id`)}
    union all
    select p.signed_on from paper_forms p where p.deleted_at is null and p.voided_at is null and p.rejected_at is null and p.month = ${form.month} and p.experience_type_id = ${form.experienceTypeId} and ${sameSubject(form.traineeSupervisorId, sql`p.trainee_supervisor_id`)}
  ) as signed)`;
}

const logMonth = sql<string>`to_char(${experienceLogs.dateOfExperience}, 'YYYY-MM')`;

/**
 * A log's `startCause` (shared/contracts/start-of-fieldwork.ts), looked up in the runs of days the
 * shared rule computed for each supervisor record (`readStartFacts`); null where it may count.
 */
export function logStartCause(intervals: readonly (StartInterval & { record: number })[]) {
  return intervals.length === 0
    ? sql<string | null>`null::text`
    : sql<
        string | null
      >`(select w.cause from jsonb_to_recordset(${JSON.stringify(intervals)}::jsonb) as w(record int, "from" date, "to" date, cause text) where w.record = ${experienceLogs.traineeSupervisorId} and ${experienceLogs.dateOfExperience} between w."from" and w."to" limit 1)`;
}

/** How a month's hours split by the form that verifies them (decision 024). */
export async function sumLogsByForm(
  db: Db,
  traineeId: number,
  intervals: readonly (StartInterval & { record: number })[] = [],
): Promise<FormPartRow[]> {
  const startCause = logStartCause(intervals);
  const sums = Object.fromEntries(
    TOTAL_KEYS.map((key) => [key, sql<number>`coalesce(sum(${logParts[key]}), 0)::int`.as(key)]),
  ) as Record<keyof MinuteTotals, SQL.Aliased<number>>;
  const grouped = db
    .select({
      month: logMonth.as('month'),
      experienceTypeId: experienceLogs.experienceTypeId,
      traineeSupervisorId: experienceLogs.traineeSupervisorId,
      startCause: startCause.as('start_cause'),
      ...sums,
    })
    .from(experienceLogs)
    .leftJoin(supervisionContacts, eq(supervisionContacts.id, experienceLogs.supervisionContactId))
    .where(scope(traineeId, {}))
    .groupBy(logMonth, experienceLogs.experienceTypeId, experienceLogs.traineeSupervisorId, sql`4`)
    .as('g');
  const rows = await db
    .select({
      month: grouped.month,
      experienceTypeId: grouped.experienceTypeId,
      traineeSupervisorId: grouped.traineeSupervisorId,
      startCause: grouped.startCause,
      supervisorName: sql<string>`trim(${traineeSupervisors.name} || ' ' || ${traineeSupervisors.lastname})`,
      organization: sql<string>`btrim(${traineeSupervisors.organization})`,
      // The month's form of that record and type, with the subquery's own column names.
      signedOn: formSignedOn({
        traineeSupervisorId: sql`g.trainee_supervisor_id`,
        month: sql`g.month`,
        experienceTypeId: sql`g.experience_type_id`,
      }),
      ...Object.fromEntries(TOTAL_KEYS.map((key) => [key, grouped[key]])),
    })
    .from(grouped)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, grouped.traineeSupervisorId))
    .orderBy(
      grouped.month,
      grouped.experienceTypeId,
      grouped.traineeSupervisorId,
      grouped.startCause,
    );
  return rows as unknown as FormPartRow[];
}

export async function readCountingRows(
  db: Db,
  traineeId: number,
): Promise<CountingRows & { revision: string | null }> {
  // The rows and their revision first, the parts after: parts newer than the revision can only
  // make a kept value recomputed sooner, never a stale one kept under a newer revision.
  const { rows, revision } = await sumLogsByMonthAndType(db, traineeId);
  const { facts, intervals } = await readStartFacts(db, traineeId);
  const parts = await sumLogsByForm(db, traineeId, intervals);
  return { rows, parts, start: facts, revision };
}

/**
 * What decides whether an hour may count at all (shared/contracts/start-of-fieldwork.ts): the
 * trainee's pathway and first class, the contracts of their structures, and the runs of days each
 * supervisor record's hours do not count (empty for most: nothing to look up).
 */
export async function readStartFacts(
  db: Db,
  traineeId: number,
): Promise<{ facts: StartFacts; intervals: (StartInterval & { record: number })[] }> {
  // One statement: the trainee's facts and their contracts (each from its earliest signed version).
  const [trainee] = await db
    .select({
      pathway: users.pathway,
      firstClassOn: users.firstClassOn,
      contractRuleOn: users.contractRuleOn,
      contracts: sql<ContractTerm[]>`coalesce((select json_agg(json_build_object(
          'structureKey', c.structure_key,
          'endedOn', c.ended_on,
          'startsOn', (select min(v.completed_on) from ${contractVersions} v where v.contract_id = c.id)
        ) order by c.id) from ${supervisionContracts} c
        where c.trainee_id = ${traineeId} and c.discarded_at is null), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, traineeId));
  const contracts = trainee?.contracts ?? [];
  const facts: StartFacts = {
    contracts,
    // Decision 033: contracts decide once one is on record, or once the trainee asks.
    contractRuleOn:
      (trainee?.contractRuleOn ?? false) ||
      contracts.some((contract) => contract.startsOn !== null),
    pathway: trainee?.pathway ?? null,
    firstClassOn: trainee?.firstClassOn ?? null,
  };
  if (!facts.contractRuleOn && facts.firstClassOn === null) return { facts, intervals: [] };
  const records = await db
    .select({ id: traineeSupervisors.id, organization: traineeSupervisors.organization })
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.traineeId, traineeId));
  const intervals = recordStartIntervals(
    records.map((record) => ({ id: record.id, structureKey: subjectKey(record) })),
    facts,
  );
  return { facts, intervals };
}
