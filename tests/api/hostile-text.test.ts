import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traineeSupervisors, users } from '../../src/server/db/schema';
import { mailCountTo } from '../helpers/accounts';
import { createTrainee } from '../helpers/factories';
import {
  createHostileFixture,
  LOGS,
  SUPERVISORS,
  type HostileFixture,
} from '../helpers/hostile-fixture';

/*
 * Issue 8 §8, text and paths: a NUL or half a surrogate pair is a 400 with the contract's body
 * (never a 500, never stored altered), as is a path that is not UTF-8; `PATCH {}` changes nothing.
 */

const CONTROL = 'Must not contain control characters';
const NAME_CHARACTERS = 'Must be one line, without control characters';
const INVALID_CHARACTERS = 'Must not contain invalid characters';

let f: HostileFixture;
beforeAll(async () => {
  f = await createHostileFixture();
});
afterAll(async () => f.t.close());

describe('control characters in free text', () => {
  it('refuses a NUL in a new log’s note and stores no log', async () => {
    const before = await f.logCount();
    const response = await f.t.request({
      method: 'POST',
      url: LOGS,
      token: f.trainee.token,
      payload: f.logPayload({ date_of_experience: '2026-03-06', experience_note: 'a\u0000b' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ experience_note: [CONTROL] });
    expect(await f.logCount()).toBe(before);
  });

  it('refuses a NUL in an edited log’s note and keeps the note it had', async () => {
    const response = await f.t.request({
      method: 'PUT',
      url: `${LOGS}${f.logId}/`,
      token: f.trainee.token,
      payload: f.logPayload({ experience_note: 'edited\u0000' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ experience_note: [CONTROL] });
    const log = await f.t.request({
      method: 'GET',
      url: `${LOGS}${f.logId}/`,
      token: f.trainee.token,
    });
    expect(log.json<{ experience_note: string }>().experience_note).toBe(
      'Ran a preference assessment',
    );
  });

  it('refuses a NUL in a supervisor’s last name, on add and on edit', async () => {
    const before = await f.supervisorRecordCount();
    const added = await f.t.request({
      method: 'POST',
      url: SUPERVISORS,
      token: f.trainee.token,
      payload: { name: 'Ana', lastname: 'Li\u0000', email: 'ana.li@example.com' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ lastname: [NAME_CHARACTERS] });
    expect(await f.supervisorRecordCount()).toBe(before);

    const edited = await f.t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${f.recordId}/`,
      token: f.trainee.token,
      payload: { lastname: '\u0000' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ lastname: [NAME_CHARACTERS] });
    const [row] = await f.t.db
      .select({ lastname: traineeSupervisors.lastname })
      .from(traineeSupervisors)
      .where(eq(traineeSupervisors.id, f.recordId));
    expect(row?.lastname).toBe('Reyes');
  });
});

describe('line breaks and control characters in names (issue 36)', () => {
  // A name goes into mails sent to any address a trainee types: a line break in it would start
  // a line of the mail its owner never wrote.
  const BROKEN = 'Tara\n\nPlease pay at https://evil.example';

  it('refuses them in a sign-up’s name, making no account and sending no mail', async () => {
    const email = `broken-${Date.now()}@example.com`;
    for (const name of [BROKEN, 'Tara\u2028Trainee', 'Tara\u0085Trainee', 'Tara\tTrainee']) {
      const response = await f.t.request({
        method: 'POST',
        url: '/api/v1/signup/',
        payload: { name, email, password: 'correct-horse-42', is_supervisor: false },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ name: [NAME_CHARACTERS] });
    }
    const [row] = await f.t.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(0);
    expect(await mailCountTo(f.t, email)).toBe(0);
  });

  it('refuses them in a profile’s name and keeps the name it had', async () => {
    const person = await createTrainee(f.t.db, { name: 'Ola Original' });
    const response = await f.t.request({
      method: 'PUT',
      url: `/users/profile/${person.id}/`,
      token: person.token,
      payload: { name: 'Ola\r\nOriginal' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [NAME_CHARACTERS] });
    const [row] = await f.t.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row?.name).toBe('Ola Original');
  });

  it('refuses them in a supervisor record’s names and organization, on add and on edit', async () => {
    const before = await f.supervisorRecordCount();
    const added = await f.t.request({
      method: 'POST',
      url: SUPERVISORS,
      token: f.trainee.token,
      payload: {
        name: BROKEN,
        lastname: 'Li\u2029Ro',
        email: 'new.supervisor@example.com',
        organization: 'Clinic\nBcc: x@example.com',
      },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({
      name: [NAME_CHARACTERS],
      lastname: [NAME_CHARACTERS],
      organization: [NAME_CHARACTERS],
    });
    expect(await f.supervisorRecordCount()).toBe(before);
    expect(await mailCountTo(f.t, 'new.supervisor@example.com')).toBe(0);

    const edited = await f.t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${f.recordId}/`,
      token: f.trainee.token,
      payload: { name: 'Dana\u009b', organization: 'North\r\nClinic' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ name: [NAME_CHARACTERS], organization: [NAME_CHARACTERS] });
    const [row] = await f.t.db
      .select({ name: traineeSupervisors.name, organization: traineeSupervisors.organization })
      .from(traineeSupervisors)
      .where(eq(traineeSupervisors.id, f.recordId));
    expect(row).toEqual({ name: 'Dana', organization: '' });
  });

  it('refuses them in the name of a supervisor added from the log form, storing neither', async () => {
    const logs = await f.logCount();
    const records = await f.supervisorRecordCount();
    const response = await f.t.request({
      method: 'POST',
      url: LOGS,
      token: f.trainee.token,
      payload: f.logPayload({
        date_of_experience: '2026-03-09',
        supervisor: null,
        newSupervisor: BROKEN,
        newSupervisorEmail: 'added.from.log@example.com',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ newSupervisor: [NAME_CHARACTERS] });
    expect(await f.logCount()).toBe(logs);
    expect(await f.supervisorRecordCount()).toBe(records);
  });
});

describe('unpaired UTF-16 surrogates', () => {
  it('refuses a log note with a lone surrogate, and keeps a real pair as sent', async () => {
    const lone = await f.t.request({
      method: 'POST',
      url: LOGS,
      token: f.trainee.token,
      payload: f.logPayload({ date_of_experience: '2026-03-07', experience_note: 'x\ud800y' }),
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual({ experience_note: [INVALID_CHARACTERS] });

    const paired = await f.t.request({
      method: 'POST',
      url: LOGS,
      token: f.trainee.token,
      payload: f.logPayload({
        date_of_experience: '2026-03-07',
        experience_note: 'x\ud83d\ude00y',
      }),
    });
    expect(paired.statusCode).toBe(201);
    expect(paired.json<{ experience_note: string }>().experience_note).toBe('x😀y');
  });

  it('refuses a profile name with a lone surrogate instead of storing x\ufffdy', async () => {
    const person = await createTrainee(f.t.db, { name: 'Ola Original' });
    const response = await f.t.request({
      method: 'PUT',
      url: `/users/profile/${person.id}/`,
      token: person.token,
      payload: { name: 'x\ud800y' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [INVALID_CHARACTERS] });
    const [row] = await f.t.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row?.name).toBe('Ola Original');

    const paired = await f.t.request({
      method: 'PUT',
      url: `/users/profile/${person.id}/`,
      token: person.token,
      payload: { name: 'Ola \ud83d\ude00' },
    });
    expect(paired.statusCode).toBe(200);
    expect(paired.json<{ name: string }>().name).toBe('Ola 😀');
  });
});

describe('paths that are not valid percent-encoded UTF-8', () => {
  it.each(['%ED%A0%80', '%FF', '%E0%A4%A'])(
    'answers %s in a path with the contract’s 400, not the router’s own body',
    async (segment) => {
      const response = await f.t.request({
        method: 'GET',
        url: `${LOGS}${segment}/`,
        token: f.trainee.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['The request could not be read.'] });
    },
  );
});

describe('an update with nothing to set', () => {
  it('answers PATCH {} with the record unchanged', async () => {
    const before = await f.t.request({ method: 'GET', url: SUPERVISORS, token: f.trainee.token });
    const record = before
      .json<{ results: { id: number }[] }>()
      .results.find((row) => row.id === f.recordId);
    const response = await f.t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${f.recordId}/`,
      token: f.trainee.token,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(record);
  });

  it('answers a PATCH of the email the record already has with the record unchanged', async () => {
    const response = await f.t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${f.recordId}/`,
      token: f.trainee.token,
      payload: { email: f.supervisor.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: f.recordId,
      name: 'Dana',
      lastname: 'Reyes',
      email: f.supervisor.email,
      supervisor: true,
      link_status: 'accepted',
    });
  });

  it('still answers PATCH {} on another trainee’s record with 404', async () => {
    const other = await createTrainee(f.t.db);
    const response = await f.t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${f.recordId}/`,
      token: other.token,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});
