import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip, type ZipReader } from '../../src/server/adapters/zip/zip-reader';
import { experienceLogs, logHistory, monthSignoffs } from '../../src/server/db/schema';
import { exportLogsCsv } from '../../src/server/features/logs/logs.export';
import { WHOLE_RECORD_PATH } from '../../src/server/features/records-export/records-export.routes';
import { RATE_LIMITS } from '../../src/server/plugins/rate-limit';
import {
  RECORD_MANIFEST_PATH,
  RecordManifestSchema,
  type RecordManifest,
} from '../../src/server/features/records-export/records-export.service';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { pdfBytes } from '../helpers/file-fixtures';
import type { TestUser } from '../helpers/factories';
import { createTrainee, filesWorld, monthlyFields, uploadRecord } from './files-support';
import { storedCopyOf } from '../helpers/stored-pdf';
import { draft, individualize, signAs } from './contracts-support';

type World = Awaited<ReturnType<typeof filesWorld>>;
type Opened = {
  zip: ZipReader;
  manifest: RecordManifest;
  json: (path: string) => Promise<unknown>;
};

let w: World;
let other: TestUser;
let pdf: Buffer;
/** What the app keeps of `pdf`: the upload check's copy. */
let stored: Buffer;
let logId: number;
let recordFileId: number;

async function download(token: string | undefined, query = ''): Promise<Opened> {
  const response = await w.t.request({ method: 'GET', url: `${WHOLE_RECORD_PATH}${query}`, token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(String(response.headers['content-disposition'])).toMatch(
    /^attachment; filename="fieldwork-record-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  const zip = await openZip(response.rawPayload);
  const manifest = RecordManifestSchema.parse(
    JSON.parse((await zip.read(RECORD_MANIFEST_PATH)).toString('utf8')),
  );
  const json = async (path: string): Promise<unknown> =>
    JSON.parse((await zip.read(path)).toString('utf8'));
  return { zip, manifest, json };
}

/** Every file's text, for looking for what must not be there. */
async function allText(opened: Opened): Promise<string> {
  const texts = await Promise.all(
    opened.zip.paths.map(async (p) => (await opened.zip.read(p)).toString('latin1')),
  );
  return texts.join('\n');
}

async function createLog(user: TestUser, supervisorRecordId: number, date: string) {
  const response = await w.t.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: user.token,
    payload: createLogPayload({
      supervisor: supervisorRecordId,
      trainee_supervisor: supervisorRecordId,
      date_of_experience: date,
    }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  w = await filesWorld();
  w.t.clock.now = new Date('2026-11-20T12:00:00Z');
  pdf = await pdfBytes('March form');
  stored = await storedCopyOf(pdf);
  logId = await createLog(w.trainee, w.supervisorRecordId, '2026-10-05');
  await createLog(w.trainee, w.supervisorRecordId, '2026-10-06');
  const edited = await w.t.request({
    method: 'PUT',
    url: `/api/v1/experience-log/${logId}/`,
    token: w.trainee.token,
    payload: createLogPayload({
      supervisor: w.supervisorRecordId,
      trainee_supervisor: w.supervisorRecordId,
      date_of_experience: '2026-10-05',
      experience_note: 'Edited after the session',
    }),
  });
  expect(edited.statusCode).toBe(200);
  const uploaded = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
    { name: 'march form.pdf', bytes: pdf },
  ]);
  expect(uploaded.statusCode).toBe(201);
  recordFileId = uploaded.json<{ id: number }>().id;
  await w.t.db.insert(monthSignoffs).values({
    traineeId: w.trainee.id,
    supervisorUserId: w.supervisor.id,
    traineeSupervisorId: w.supervisorRecordId,
    month: '2026-10',
    signedAt: new Date('2026-11-02T10:00:00Z'),
  });
  other = await createTrainee(w.t.db, { name: 'Other Trainee' });
  const otherRecord = await w.t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: other.token,
    payload: { name: 'Olga', lastname: 'Other', email: 'olga-other@example.com' },
  });
  await createLog(other, otherRecord.json<{ id: number }>().id, '2026-10-07');
});

afterAll(async () => {
  await w.close();
});

describe(`GET ${WHOLE_RECORD_PATH}`, () => {
  it("holds the trainee's whole record, every file listed in the manifest with its checksum", async () => {
    const record = await download(w.trainee.token);
    expect(record.manifest.account).toEqual({
      id: w.trainee.id,
      email: w.trainee.email,
      name: w.trainee.name,
      role: 'trainee',
    });
    const listed = record.manifest.files.map((file) => file.path);
    expect([...listed, RECORD_MANIFEST_PATH].sort()).toEqual([...record.zip.paths].sort());
    for (const file of record.manifest.files) {
      const bytes = await record.zip.read(file.path);
      expect(bytes.length).toBe(file.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    expect(record.manifest.missingFiles).toEqual([]);
  });

  it('has the logs as the CSV export writes them and as JSON, and every version of each', async () => {
    const record = await download(w.trainee.token);
    let csv = '';
    for await (const chunk of exportLogsCsv({
      db: w.t.db,
      traineeId: w.trainee.id,
      filter: { taskIds: [] },
    })) {
      csv += chunk;
    }
    expect((await record.zip.read('logs/logs.csv')).toString('utf8')).toBe(csv);
    const logs = (await record.json('logs/logs.json')) as {
      id: number;
      experienceNote: string;
      taskIds: string[];
    }[];
    const mine = await w.t.db
      .select()
      .from(experienceLogs)
      .where(eq(experienceLogs.traineeId, w.trainee.id));
    expect(logs.map((log) => log.id).sort()).toEqual(mine.map((log) => log.id).sort());
    expect(logs.find((log) => log.id === logId)?.experienceNote).toBe('Edited after the session');
    const history = (await record.json('logs/log-history.json')) as {
      logId: number;
      action: string;
    }[];
    const rows = await w.t.db
      .select()
      .from(logHistory)
      .where(
        inArray(
          logHistory.logId,
          mine.map((log) => log.id),
        ),
      );
    expect(history).toHaveLength(rows.length);
    expect(history.filter((h) => h.logId === logId).map((h) => h.action)).toEqual([
      'create',
      'update',
    ]);
  });

  it('has the supervisors, the month sign-offs and the uploaded forms, byte for byte', async () => {
    const record = await download(w.trainee.token);
    const supervisors = (await record.json('supervisors.json')) as {
      supervisors: { id: number; email: string }[];
    };
    expect(supervisors.supervisors.map((s) => [s.id, s.email])).toEqual([
      [w.supervisorRecordId, w.supervisor.email],
    ]);
    const signoffs = (await record.json('month-signoffs.json')) as {
      month: string;
      supervisorUserId: number;
    }[];
    expect(signoffs.map((s) => [s.month, s.supervisorUserId])).toEqual([
      ['2026-10', w.supervisor.id],
    ]);
    const files = (await record.json('record-files/record-files.json')) as {
      id: number;
      fileName: string;
    }[];
    expect(files.map((f) => [f.id, f.fileName])).toEqual([[recordFileId, 'march form.pdf']]);
    expect(
      (await record.zip.read(`record-files/${recordFileId}-march_form.pdf`)).equals(stored),
    ).toBe(true);
    const profile = (await record.json('profile.json')) as Record<string, unknown>;
    expect(profile.email).toBe(w.trainee.email);
    expect(profile).not.toHaveProperty('passwordHash');
  });

  it('has every supervision contract with its versions, signatures and history, and each signed PDF (issue 39; Handbook "Audits")', async () => {
    const world = {
      t: w.t,
      trainee: w.trainee,
      supervisor: w.supervisor,
      recordId: w.supervisorRecordId,
    };
    const drafted = await individualize(world, w.trainee, await draft(world, w.trainee));
    await signAs(world, w.trainee, drafted);
    const signed = await signAs(world, w.supervisor, drafted);
    const record = await download(w.trainee.token);
    const contracts = (await record.json('contracts/contracts.json')) as {
      id: number;
      versions: { version: number; sha256: string; signatures: { party: string }[] }[];
      history: { action: string }[];
    }[];
    expect(contracts.map((contract) => contract.id)).toEqual([signed.id]);
    const [version] = contracts[0]!.versions;
    expect(version?.signatures.map((signature) => signature.party).sort()).toEqual([
      'supervisor',
      'trainee',
    ]);
    expect(contracts[0]!.history.map((event) => event.action)).toEqual([
      'drafted',
      'edited',
      'signed',
      'signed',
      'completed',
    ]);
    const pdfPath = record.zip.paths.find((path) => path.startsWith(`contracts/${signed.id}-v1-`));
    expect(pdfPath).toBeDefined();
    const bytes = await record.zip.read(pdfPath!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(version?.sha256);
  });

  it("is always the caller's own: another trainee's zip has nothing of the first, whatever the query says", async () => {
    const record = await download(
      other.token,
      `?email=${encodeURIComponent(w.trainee.email)}&id=${w.trainee.id}`,
    );
    expect(record.manifest.account.email).toBe(other.email);
    const logs = (await record.json('logs/logs.json')) as { id: number; traineeId: number }[];
    expect(logs).toHaveLength(1);
    expect(logs.every((log) => log.traineeId === other.id)).toBe(true);
    const text = await allText(record);
    expect(text).not.toContain(w.trainee.email);
    expect(text).not.toContain('Edited after the session');
    expect(
      record.zip.paths.some((path) => path.startsWith('record-files/') && path.endsWith('.pdf')),
    ).toBe(false);
  });

  it("gives a supervisor their own profile, links and sign-offs, never a trainee's logs or files", async () => {
    const record = await download(w.supervisor.token);
    expect(record.manifest.account).toMatchObject({ id: w.supervisor.id, role: 'supervisor' });
    expect([...record.zip.paths].sort()).toEqual(
      ['manifest.json', 'month-signoffs.json', 'profile.json', 'trainees.json'].sort(),
    );
    const trainees = (await record.json('trainees.json')) as { links: { traineeEmail: string }[] };
    expect(trainees.links.map((link) => link.traineeEmail)).toEqual([w.trainee.email]);
    const signoffs = (await record.json('month-signoffs.json')) as { traineeId: number }[];
    expect(signoffs.map((s) => s.traineeId)).toEqual([w.trainee.id]);
    expect(await allText(record)).not.toContain('Edited after the session');
  });

  it('lets one person download it 6 times an hour, then answers 429 with when to come back', async () => {
    const [person, neighbour] = [await createTrainee(w.t.db), await createTrainee(w.t.db)];
    // A window of its own: the next hour.
    w.t.clock.now = new Date('2026-11-20T13:00:00Z');
    for (let downloads = 0; downloads < RATE_LIMITS.wholeRecord.limit; downloads += 1) {
      await download(person.token);
    }
    const refused = await w.t.request({
      method: 'GET',
      url: WHOLE_RECORD_PATH,
      token: person.token,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'Your whole record can be downloaded 6 times an hour. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toBe('3600');
    await download(neighbour.token);
    w.t.clock.now = new Date('2026-11-20T14:00:00Z');
    await download(person.token);
    w.t.clock.now = new Date('2026-11-20T12:00:00Z');
  });

  it('refuses without a sign-in', async () => {
    const anonymous = await w.t.request({ method: 'GET', url: WHOLE_RECORD_PATH });
    expect(anonymous.statusCode).toBe(401);
    const bogus = await w.t.request({
      method: 'GET',
      url: WHOLE_RECORD_PATH,
      token: 'not-a-token',
    });
    expect(bogus.statusCode).toBe(401);
  });
});
