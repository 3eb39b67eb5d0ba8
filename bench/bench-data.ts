// The benchmark's data set: trainees with years of weekday logs, supervisors linked to them,
// realistic statuses, tasks, sign-offs and subscriptions, written with a few bulk inserts.
import type { Database } from '../src/server/db/client';
import { hashPassword } from '../src/server/features/accounts/accounts.service';
import { newToken, TOKEN_LIFETIME_MS } from '../src/server/plugins/auth';
import { PLAN_IDS } from '../src/shared/billing/plans';
import { addDays, monthEnd, monthOf, monthStart } from '../src/shared/logs/time';
import { TASKS_V5, TASKS_V6 } from '../src/shared/reference/task-lists';

export type BenchDataOptions = {
  trainees: number;
  years: number;
  supervisors: number;
  /** The last day with logs (yesterday by default); 'YYYY-MM-DD'. */
  lastDay?: string;
  /** A fixed seed gives the same data set every time. */
  seed?: number;
};

export type BenchUser = { id: number; email: string; token: string };
export type BenchTrainee = BenchUser & {
  /** The trainee's supervisor records, the first linked to their main supervisor's account. */
  records: number[];
};

/** What the benchmark needs to know of the data it asks about. */
export type BenchManifest = {
  trainees: BenchTrainee[];
  supervisors: BenchUser[];
  /** A full month every trainee logged in (the month before `lastDay`'s). */
  month: string;
  /** A weekday of `month`. */
  day: string;
  /** Two trainees with the same 10 logs in `month`; the second also has 9,990 older ones. */
  light: BenchTrainee;
  heavy: BenchTrainee;
  logs: number;
};

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

/** The driver under drizzle (a pg Pool or a PGlite): both answer `query(text, params)`. */
export function rawClient(database: Database): RawClient {
  return (database.db as unknown as { $client: RawClient }).$client;
}

/** A small seeded generator (the same data set for the same seed). */
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

type LogSeed = {
  traineeId: number;
  recordId: number;
  supervisorUserId: number | null;
  typeId: number;
  date: string;
  startMinute: number;
  minutes: number;
  supervised: boolean;
  status: 'pending' | 'approved' | 'flagged';
  tasks: string[];
  note: string;
};

/** Inserts rows column-wise through `unnest`: one statement per chunk, whatever its size. */
async function insertColumns(
  client: RawClient,
  table: string,
  columns: { name: string; type: string }[],
  rows: unknown[][],
  returning?: string,
): Promise<unknown[]> {
  const out: unknown[] = [];
  const chunk = 5000;
  for (let offset = 0; offset < rows.length; offset += chunk) {
    const part = rows.slice(offset, offset + chunk);
    const params = columns.map((_, index) => part.map((row) => row[index] ?? null));
    const names = columns.map((column) => `"${column.name}"`).join(', ');
    const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
    const result = await client.query(
      `insert into "${table}" (${names}) select * from unnest(${arrays})${returning ? ` returning ${returning}` : ''}`,
      params,
    );
    out.push(...result.rows);
  }
  return out;
}

const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** Writes the data set into an empty, migrated database; returns what the benchmark asks about. */
export async function generateBenchData(
  database: Database,
  options: BenchDataOptions,
): Promise<BenchManifest> {
  const client = rawClient(database);
  const rand = random(options.seed ?? 20_260_101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const today = new Date().toISOString().slice(0, 10);
  const lastDay = options.lastDay ?? addDays(today, -1);
  const month = monthOf(addDays(monthStart(lastDay), -1));
  const firstDay = addDays(lastDay, -Math.round(options.years * 365));
  const passwordHash = await hashPassword('bench-password-1');
  const now = new Date();
  const stamp = now.getTime().toString(36);

  // People: supervisors, trainees, and the light and heavy trainees of the history comparison.
  type Person = { email: string; name: string; isSupervisor: boolean };
  const people: Person[] = [];
  for (let i = 0; i < options.supervisors; i += 1)
    people.push({
      email: `bench-sup-${i}-${stamp}@example.com`,
      name: `Supervisor ${i}`,
      isSupervisor: true,
    });
  for (let i = 0; i < options.trainees + 2; i += 1)
    people.push({
      email: `bench-tr-${i}-${stamp}@example.com`,
      name: `Trainee ${i}`,
      isSupervisor: false,
    });
  const userRows = (await insertColumns(
    client,
    'users',
    [
      { name: 'email', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'password_hash', type: 'text' },
      { name: 'is_supervisor', type: 'boolean' },
      { name: 'is_verified', type: 'boolean' },
      { name: 'is_paid', type: 'boolean' },
      { name: 'date_joined', type: 'timestamptz' },
    ],
    people.map((p) => [
      p.email,
      p.name,
      passwordHash,
      p.isSupervisor,
      true,
      !p.isSupervisor,
      new Date(`${firstDay}T12:00:00Z`).toISOString(),
    ]),
    'id, email',
  )) as { id: number; email: string }[];
  const ids = new Map(userRows.map((row) => [row.email, row.id]));
  const tokens = people.map(() => newToken());
  await insertColumns(
    client,
    'auth_tokens',
    [
      { name: 'user_id', type: 'int' },
      { name: 'token_hash', type: 'text' },
      { name: 'expires_at', type: 'timestamptz' },
    ],
    people.map((p, i) => [
      ids.get(p.email),
      tokens[i]?.hash,
      new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    ]),
  );
  const users: BenchUser[] = people.map((p, i) => ({
    id: ids.get(p.email) as number,
    email: p.email,
    token: tokens[i]?.token as string,
  }));
  const supervisors = users.slice(0, options.supervisors);
  const traineeUsers = users.slice(options.supervisors);

  await insertColumns(
    client,
    'supervisor_profiles',
    [
      { name: 'user_id', type: 'int' },
      { name: 'bacb_account_number', type: 'text' },
      { name: 'bacb_certification_number', type: 'text' },
      { name: 'supervisor_qualification', type: 'text' },
      { name: 'date_qualified', type: 'date' },
      { name: 'date_contract', type: 'date' },
    ],
    supervisors.map((s) => [s.id, 'BACB123456', '1-23-45678', 'BCBA', '2018-01-15', firstDay]),
  );
  // Every trainee pays yearly (writes pass the paywall, as for a customer).
  await insertColumns(
    client,
    'user_subscriptions',
    [
      { name: 'trainee_id', type: 'int' },
      { name: 'plan_id', type: 'int' },
      { name: 'status', type: 'text' },
      { name: 'period_start', type: 'timestamptz' },
      { name: 'expiry', type: 'timestamptz' },
      { name: 'paid_amount_cents', type: 'int' },
      { name: 'renewal_amount_cents', type: 'int' },
      { name: 'provider', type: 'text' },
      { name: 'provider_customer_id', type: 'text' },
      { name: 'external_id', type: 'text' },
    ],
    traineeUsers.map((t) => [
      t.id,
      PLAN_IDS.yearly,
      'active',
      new Date(now.getTime() - 100 * 86_400_000).toISOString(),
      new Date(now.getTime() + 265 * 86_400_000).toISOString(),
      14900,
      14900,
      'sandbox',
      `bench-${t.id}`,
      `bench-sub-${t.id}`,
    ]),
  );

  // Supervisor records: each trainee's main supervisor (an account), a second one for every
  // third trainee, and the history comparison's trainees list someone without an account.
  type RecordSeed = {
    traineeId: number;
    name: string;
    email: string;
    supervisorUserId: number | null;
  };
  const recordSeeds: RecordSeed[] = [];
  traineeUsers.forEach((t, i) => {
    const isComparison = i >= options.trainees;
    const main = supervisors[i % supervisors.length] as BenchUser;
    recordSeeds.push(
      isComparison
        ? {
            traineeId: t.id,
            name: 'Robin Outside',
            email: `outside-${t.id}@example.com`,
            supervisorUserId: null,
          }
        : {
            traineeId: t.id,
            name: `Supervisor ${i % supervisors.length}`,
            email: main.email,
            supervisorUserId: main.id,
          },
    );
    if (!isComparison && i % 3 === 0) {
      const second = supervisors[(i + 3) % supervisors.length] as BenchUser;
      if (second.id !== main.id)
        recordSeeds.push({
          traineeId: t.id,
          name: 'Second Supervisor',
          email: second.email,
          supervisorUserId: second.id,
        });
    }
  });
  const recordRows = (await insertColumns(
    client,
    'trainee_supervisors',
    [
      { name: 'trainee_id', type: 'int' },
      { name: 'name', type: 'text' },
      { name: 'email', type: 'text' },
      { name: 'supervisor_user_id', type: 'int' },
    ],
    recordSeeds.map((r) => [r.traineeId, r.name, r.email, r.supervisorUserId]),
    'id, trainee_id',
  )) as { id: number; trainee_id: number }[];
  const recordsOf = new Map<number, number[]>();
  for (const row of recordRows)
    recordsOf.set(row.trainee_id, [...(recordsOf.get(row.trainee_id) ?? []), row.id]);
  const supervisorOfRecord = new Map(
    recordRows.map((row, i) => [row.id, recordSeeds[i]?.supervisorUserId ?? null]),
  );
  const trainees: BenchTrainee[] = traineeUsers.map((t) => ({
    ...t,
    records: recordsOf.get(t.id) ?? [],
  }));

  // Logs: every weekday (a second, unsupervised session on one day in five); older months
  // approved, the last weeks' mostly pending, a few flagged.
  const seeds: LogSeed[] = [];
  const statusOf = (date: string): LogSeed['status'] => {
    const age = (Date.parse(lastDay) - Date.parse(date)) / 86_400_000;
    if (age > 60) return 'approved';
    const r = rand();
    if (age > 14) return r < 0.7 ? 'approved' : r < 0.75 ? 'flagged' : 'pending';
    return r < 0.9 ? 'pending' : 'flagged';
  };
  const taskList = TASKS_V6.map((task) => task.id);
  const tasksOf = () => {
    const count = 1 + Math.floor(rand() * 3);
    return [...new Set(Array.from({ length: count }, () => pick(taskList)))];
  };
  const v6Since = '2025-01-01';
  const legacyTasks = TASKS_V5.slice(0, 20).map((task) => task.id);
  trainees.slice(0, options.trainees).forEach((t, i) => {
    const typeId = i % 4 === 3 ? 2 : 1;
    for (let date = firstDay; date <= lastDay; date = addDays(date, 1)) {
      if (!isWeekday(date)) continue;
      const recordId = (
        t.records.length > 1 && rand() < 0.25 ? t.records[1] : t.records[0]
      ) as number;
      const base = {
        traineeId: t.id,
        recordId,
        supervisorUserId: supervisorOfRecord.get(recordId) ?? null,
        typeId,
        date,
        status: statusOf(date),
        note: pick(NOTES),
      };
      const tasks = date < v6Since && rand() < 0.3 ? [pick(legacyTasks)] : tasksOf();
      seeds.push({
        ...base,
        startMinute: 480 + 30 * Math.floor(rand() * 4),
        minutes: 120 + 30 * Math.floor(rand() * 7),
        supervised: rand() < 0.45,
        tasks,
      });
      if (rand() < 0.2)
        seeds.push({
          ...base,
          startMinute: 780,
          minutes: 120,
          supervised: false,
          tasks: tasksOf(),
        });
    }
  });
  // The history comparison: the same 10 logs in `month`; the heavy trainee's 9,990 older ones
  // are eight half-hour sessions a weekday before it.
  const [light, heavy] = trainees.slice(options.trainees) as [BenchTrainee, BenchTrainee];
  const monthDays: string[] = [];
  for (let date = monthStart(month); date <= monthEnd(month); date = addDays(date, 1))
    if (isWeekday(date)) monthDays.push(date);
  for (const t of [light, heavy]) {
    for (let i = 0; i < 10; i += 1) {
      seeds.push({
        traineeId: t.id,
        recordId: t.records[0] as number,
        supervisorUserId: null,
        typeId: 1,
        date: monthDays[i] as string,
        startMinute: 540,
        minutes: 180,
        supervised: i % 2 === 0,
        status: 'approved',
        tasks: ['A.1', 'C.2'],
        note: NOTES[i % NOTES.length] as string,
      });
    }
  }
  let remaining = 9_990;
  for (let date = addDays(monthStart(month), -1); remaining > 0; date = addDays(date, -1)) {
    if (!isWeekday(date)) continue;
    for (let slot = 0; slot < 8 && remaining > 0; slot += 1, remaining -= 1) {
      seeds.push({
        traineeId: heavy.id,
        recordId: heavy.records[0] as number,
        supervisorUserId: null,
        typeId: 1,
        date,
        startMinute: 480 + slot * 60,
        minutes: 30,
        supervised: slot === 0,
        status: 'approved',
        tasks: [pick(taskList)],
        note: pick(NOTES),
      });
    }
  }

  const logColumns = [
    { name: 'trainee_id', type: 'int' },
    { name: 'trainee_supervisor_id', type: 'int' },
    { name: 'experience_type_id', type: 'int' },
    { name: 'setting_id', type: 'int' },
    { name: 'date_of_experience', type: 'date' },
    { name: 'start_minute', type: 'int' },
    { name: 'end_minute', type: 'int' },
    { name: 'experience_minutes', type: 'int' },
    { name: 'unrestricted_minutes', type: 'int' },
    { name: 'restricted_minutes', type: 'int' },
    { name: 'individual_or_group', type: 'text' },
    { name: 'method_of_supervision', type: 'text' },
    { name: 'supervision_start_minute', type: 'int' },
    { name: 'supervision_end_minute', type: 'int' },
    { name: 'supervised_minutes', type: 'int' },
    { name: 'independent_minutes', type: 'int' },
    { name: 'client_observation', type: 'text' },
    { name: 'observation_minutes', type: 'int' },
    { name: 'supervision_contact_id', type: 'int' },
    { name: 'experience_note', type: 'text' },
    { name: 'status', type: 'text' },
    { name: 'flag_data', type: 'jsonb' },
    { name: 'status_changed_at', type: 'timestamptz' },
    { name: 'status_changed_by', type: 'int' },
    { name: 'created_at', type: 'timestamptz' },
    { name: 'updated_at', type: 'timestamptz' },
  ];
  const logRows = seeds.map((s) => {
    const supervisedMinutes = s.supervised ? Math.min(60, s.minutes) : 0;
    const unrestricted = Math.round((s.minutes * 0.6) / 15) * 15;
    const group = s.supervised && rand() < 0.25;
    const observed = s.supervised && rand() < 0.5;
    const created = `${s.date}T20:00:00Z`;
    const reviewed = s.status === 'pending' ? null : `${addDays(s.date, 2)}T15:00:00Z`;
    return [
      s.traineeId,
      s.recordId,
      s.typeId,
      1 + Math.floor(rand() * 9),
      s.date,
      s.startMinute,
      s.startMinute + s.minutes,
      s.minutes,
      unrestricted,
      s.minutes - unrestricted,
      s.supervised ? (group ? 'Group' : 'Individual') : 'No supervision',
      s.supervised ? pick(['In Person', 'Virtual']) : null,
      s.supervised ? s.startMinute : null,
      s.supervised ? s.startMinute + supervisedMinutes : null,
      supervisedMinutes,
      s.minutes - supervisedMinutes,
      s.supervised ? (observed ? 'Yes' : 'No') : null,
      observed ? supervisedMinutes : null,
      s.supervised ? (group ? 2 : pick([1, 3, 4, 5])) : null,
      s.note,
      s.status,
      JSON.stringify(
        s.status === 'flagged'
          ? { experience_note: { flagged: true, comment: 'Please say which client.' } }
          : {},
      ),
      reviewed,
      reviewed ? s.supervisorUserId : null,
      created,
      created,
    ];
  });
  const inserted = (await insertColumns(client, 'experience_logs', logColumns, logRows, 'id')) as {
    id: number;
  }[];
  const taskRows: unknown[][] = [];
  const historyRows: unknown[][] = [];
  seeds.forEach((s, i) => {
    const logId = inserted[i]?.id;
    s.tasks.forEach((taskId, position) => taskRows.push([logId, taskId, position]));
    historyRows.push([logId, s.traineeId, 'create', '{}', `${s.date}T20:00:00Z`]);
    if (s.status !== 'pending' && s.supervisorUserId !== null)
      historyRows.push([
        logId,
        s.supervisorUserId,
        s.status === 'approved' ? 'approve' : 'flag',
        '{}',
        `${addDays(s.date, 2)}T15:00:00Z`,
      ]);
  });
  await insertColumns(
    client,
    'log_tasks',
    [
      { name: 'log_id', type: 'int' },
      { name: 'task_id', type: 'text' },
      { name: 'position', type: 'int' },
    ],
    taskRows,
  );
  await insertColumns(
    client,
    'log_history',
    [
      { name: 'log_id', type: 'int' },
      { name: 'actor_id', type: 'int' },
      { name: 'action', type: 'text' },
      { name: 'changes', type: 'jsonb' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    historyRows,
  );
  // Months older than the last three are signed off by the trainee's main supervisor.
  const signedBefore = monthOf(addDays(monthStart(month), -62));
  const signoffRows: unknown[][] = [];
  trainees.slice(0, options.trainees).forEach((t) => {
    const record = t.records[0] as number;
    const supervisorId = supervisorOfRecord.get(record);
    for (let m = monthOf(firstDay); m < signedBefore; m = monthOf(addDays(monthEnd(m), 1)))
      signoffRows.push([t.id, supervisorId, record, m, `${addDays(monthEnd(m), 5)}T12:00:00Z`]);
  });
  await insertColumns(
    client,
    'month_signoffs',
    [
      { name: 'trainee_id', type: 'int' },
      { name: 'supervisor_user_id', type: 'int' },
      { name: 'trainee_supervisor_id', type: 'int' },
      { name: 'month', type: 'text' },
      { name: 'signed_at', type: 'timestamptz' },
    ],
    signoffRows,
  );
  await client.query('analyze');

  const day = monthDays[5] as string;
  return {
    trainees: trainees.slice(0, options.trainees),
    supervisors,
    month,
    day,
    light,
    heavy,
    logs: seeds.length,
  };
}
