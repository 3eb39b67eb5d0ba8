import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { JPEG_BYTES, PNG_BYTES, SCRIPT_BYTES, pdfBytes } from '../helpers/file-fixtures';
import { insertDailyLogs } from '../helpers/log-factory';
import { makeStorageFolder } from '../helpers/storage-harness';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from './files-support';
import { linkSupervisor } from './forms-support';

/*
 * The 8-hour supervision training certificate (BCBA Handbook, "Supervisor Qualifications":
 * "complete an 8-hour supervision training … and upload the certificate") and the supervisor's
 * qualification as their linked trainees see it. Rhea supervises Tara; Owen is another trainee
 * whose supervisor is Olga.
 */

let t: TestApp;
let folder: Awaited<ReturnType<typeof makeStorageFolder>>;
let rhea: TestUser;
let olga: TestUser;
let tara: TestUser;
let owen: TestUser;
let taraRecord: number;
let owenRecord: number;

beforeAll(async () => {
  folder = await makeStorageFolder();
  t = await createTestApp(folder.env);
  t.clock.now = new Date('2026-04-10T12:00:00.000Z');
  rhea = await createSupervisor(t.db, { name: 'Rhea Rowan' });
  olga = await createSupervisor(t.db, { name: 'Olga Other' });
  tara = await createTrainee(t.db, { name: 'Tara Trainee' });
  owen = await createTrainee(t.db, { name: 'Owen Other' });
  taraRecord = await linkSupervisor(t, tara, rhea, 'Rhea', 'Rowan');
  owenRecord = await linkSupervisor(t, owen, olga, 'Olga', 'Other');
  // Tara logged with Rhea in February and March 2026.
  for (const firstDate of ['2026-02-02', '2026-03-02']) {
    await insertDailyLogs(t.db, {
      traineeId: tara.id,
      traineeSupervisorId: taraRecord,
      firstDate,
      count: 2,
    });
  }
});
afterAll(async () => {
  await t.close();
  await folder.close();
});

const upload = async (user: TestUser, file: { name: string; bytes: Buffer; type?: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/training-certificate/',
    token: user.token,
    ...(await multipart({}, [file])),
  });
const fetchSigned = (url: string) => t.request({ method: 'GET', url });
type Certificate = { file_name: string; content_type: string; url: string };

describe('POST, GET and DELETE /api/v1/training-certificate/', () => {
  it('answers 404 while there is none', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/training-certificate/',
      token: rhea.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'No training certificate on record',
      code: 'NOT_FOUND',
    });
  });

  it('keeps an image, named in the profile and downloadable by the supervisor', async () => {
    const response = await upload(rhea, {
      name: 'training.png',
      bytes: PNG_BYTES,
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    const certificate = response.json<Certificate>();
    expect(certificate).toMatchObject({ file_name: 'training.png', content_type: 'image/png' });
    const file = await fetchSigned(certificate.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(file.headers['content-disposition']).toContain('training.png');
    const profile = await t.request({ method: 'GET', url: '/users/profile/', token: rhea.token });
    expect(
      profile.json<{ results: { supervisor: Record<string, unknown> }[] }>().results[0]?.supervisor,
    ).toMatchObject({ training_certificate_name: 'training.png' });
  });

  it('replaces it with a PDF and removes the image from storage', async () => {
    const before = await folder.listKeys();
    const response = await upload(rhea, {
      name: 'certificate.pdf',
      bytes: await pdfBytes('8-hour'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const after = await folder.listKeys();
    const certificates = (keys: string[]) => keys.filter((key) => key.startsWith('certificates/'));
    expect(certificates(before)).toHaveLength(1);
    expect(certificates(after)).toHaveLength(1);
    expect(certificates(after)[0]).toMatch(new RegExp(`^certificates/${rhea.id}/.+\\.pdf$`));
    const own = await t.request({
      method: 'GET',
      url: '/api/v1/training-certificate/',
      token: rhea.token,
    });
    const file = await fetchSigned(own.json<Certificate>().url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses what is not a PDF or an image, and a request without a file', async () => {
    const script = await upload(rhea, { name: 'cert.pdf', bytes: SCRIPT_BYTES });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ document: ['Invalid File Format'] });
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/training-certificate/',
      token: rhea.token,
      ...(await multipart({ note: 'none' })),
    });
    expect(empty.json()).toEqual({ document: ['Choose the certificate file (PDF or image)'] });
  });

  it('refuses a trainee', async () => {
    const response = await upload(tara, { name: 'x.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/v1/supervisor-qualifications/ (the trainee’s supervisors)', () => {
  it('shows the linked supervisor’s qualification and the months they did not qualify for', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: `/users/supervisor/${rhea.id}/`,
      token: rhea.token,
      payload: {
        bacb_account_number: 'BACB765432',
        bacb_certification_number: '2-34-56789',
        supervisor_qualification: 'BCBA',
        date_qualified: '2025-09-15',
        date_contract: '2025-10-01',
        certified_on: '2025-09-15',
        consulting_supervisor_name: 'Cora Consultant',
        consulting_supervisor_bacb_id: '1-11-11111',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const consulted = await t.request({
      method: 'POST',
      url: '/api/v1/consultations/',
      token: rhea.token,
      payload: { met_on: '2026-02-20', consultant_name: 'Cora', consultant_bacb_id: '1-11-11111' },
    });
    expect(consulted.statusCode).toBe(201);

    const response = await t.request({
      method: 'GET',
      url: '/api/v1/supervisor-qualifications/',
      token: tara.token,
    });
    expect(response.statusCode).toBe(200);
    const [row] = response.json<{ results: Record<string, unknown>[] }>().results;
    expect(row).toMatchObject({
      trainee_supervisor: taraRecord,
      supervisor_name: 'Rhea Rowan',
      certified_on: '2025-09-15',
      training_completed_on: null,
      training_certificate: { file_name: 'certificate.pdf', content_type: 'application/pdf' },
      consulting_supervisor_name: 'Cora Consultant',
      consulting_supervisor_bacb_id: '1-11-11111',
    });
    // February had its consultation; March did not; no training date for either.
    expect(row?.flags).toEqual([
      {
        code: 'training-unknown',
        month: null,
        message:
          'Rhea Rowan\'s 8-hour supervision training date is not on record (Handbook, "Supervisor Qualifications").',
      },
      {
        code: 'consultation-missing',
        month: '2026-03',
        message:
          'Rhea Rowan was in their first year of certification in March 2026 with no consultation recorded: a supervisor certified less than a year needs "monthly consultation from a qualified consulting supervisor" (Handbook, "Supervisor Qualifications").',
      },
    ]);
  });

  it('lets the linked trainee download the certificate, and no one else', async () => {
    const url = `/api/v1/supervisor-qualifications/${taraRecord}/certificate/`;
    const own = await t.request({ method: 'GET', url, token: tara.token });
    expect(own.statusCode).toBe(200);
    const file = await fetchSigned(own.json<Certificate>().url);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another trainee naming Tara's record, and Tara naming Owen's (no certificate either way).
    const NOT_FOUND = { detail: 'No training certificate on record', code: 'NOT_FOUND' };
    const other = await t.request({ method: 'GET', url, token: owen.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
    const notHers = await t.request({
      method: 'GET',
      url: `/api/v1/supervisor-qualifications/${owenRecord}/certificate/`,
      token: tara.token,
    });
    expect(notHers.json()).toEqual(NOT_FOUND);
    const supervisor = await t.request({ method: 'GET', url, token: rhea.token });
    expect(supervisor.statusCode).toBe(403);
  });

  it('shows another trainee only their own supervisors', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/supervisor-qualifications/',
      token: owen.token,
    });
    const results = response.json<{ results: { supervisor_name: string; flags: unknown[] }[] }>()
      .results;
    expect(results.map((row) => row.supervisor_name)).toEqual(['Olga Other']);
    expect(results[0]?.flags).toEqual([]);
  });

  it('deletes the certificate: gone from storage and from the trainee’s view', async () => {
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/v1/training-certificate/',
      token: rhea.token,
    });
    expect(removed.statusCode).toBe(204);
    expect((await folder.listKeys()).filter((key) => key.startsWith('certificates/'))).toEqual([]);
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/supervisor-qualifications/',
      token: tara.token,
    });
    expect(
      response.json<{ results: { training_certificate: unknown }[] }>().results[0],
    ).toMatchObject({ training_certificate: null });
    const again = await t.request({
      method: 'DELETE',
      url: '/api/v1/training-certificate/',
      token: rhea.token,
    });
    expect(again.statusCode).toBe(404);
  });
});
