import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CalendarFeedStatus,
  CreatedCalendarFeed,
} from '../../src/shared/calendar/calendar-feed.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs } from '../helpers/log-factory';
import { codeFrom, createTestApp, type TestApp } from '../helpers/test-app';
import { linkSupervisor } from './forms-support';

/*
 * Issue 14, "Calendar feed": a private ICS URL per person with the logged supervision meetings
 * and the monthly forms' deadlines; the token in the URL is the only key, shown once, renewable
 * and revocable; a supervisor's feed holds their linked trainees'.
 */

const APP_URL = 'https://tracker.example.com';
const NOW = new Date('2026-04-10T12:00:00.000Z');
let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;
let outsider: TestUser;
let logIds: number[];
/** Every line the app logged, as the production logger writes it. */
const logLines: string[] = [];

const create = (user: TestUser | undefined, timeZone: unknown = 'America/New_York') =>
  t.request({
    method: 'POST',
    url: '/api/v1/calendar-feed/',
    token: user?.token,
    payload: { time_zone: timeZone },
  });
const status = (user: TestUser) =>
  t.request({ method: 'GET', url: '/api/v1/calendar-feed/', token: user.token });
/** Opens a feed URL the way a calendar app does: no header, the token in the path. */
const fetchFeed = (url: string) => t.request({ method: 'GET', url: url.replace(APP_URL, '') });
const newFeed = async (user: TestUser, timeZone?: string) => {
  const response = await create(user, timeZone);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedCalendarFeed>();
};
const unfold = (body: string) => body.replace(/\r\n /g, '');

beforeAll(async () => {
  t = await createTestApp(
    { APP_URL },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  t.clock.now = NOW;
  trainee = await createTrainee(t.db, { name: 'Zoë Łukasz' });
  supervisor = await createSupervisor(t.db, { name: 'Ana Núñez' });
  outsider = await createSupervisor(t.db, { name: 'Olu Other' });
  const record = await linkSupervisor(t, trainee, supervisor, 'Ana', 'Núñez');
  // March 2 and 3 (before New York's daylight saving), supervision 10:00–11:00 each day.
  logIds = await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: '2026-03-02',
    count: 2,
  });
});
afterAll(() => t.close());

describe('the calendar feed', () => {
  it("gives the trainee a URL with their supervision meetings and open forms' deadlines", async () => {
    const created = await newFeed(trainee);
    expect(created.url).toMatch(
      /^https:\/\/tracker\.example\.com\/api\/v1\/calendar\/[a-f0-9]{48}\/feed\.ics$/,
    );
    expect(created).toMatchObject({ time_zone: 'America/New_York', created_at: NOW.toISOString() });

    const feed = await fetchFeed(created.url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(feed.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of feed.body.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    const body = unfold(feed.body);
    // 10:00 in New York in early March is 15:00 UTC.
    expect(body).toMatch(
      new RegExp(
        `UID:log-${logIds[0]}@tracker\\.example\\.com\r\nDTSTAMP:\\d{8}T\\d{6}Z\r\nDTSTART:20260302T150000Z\r\nDTEND:20260302T160000Z\r\nSUMMARY:Supervision with Ana Núñez\r\n`,
      ),
    );
    expect(body).toContain('DTSTART:20260303T150000Z');
    expect(body).toContain(
      'DTSTART;VALUE=DATE:20260430\r\nDTEND;VALUE=DATE:20260501\r\nSUMMARY:M-FVF due: March 2026 with Ana Núñez',
    );
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    // The same events keep their UIDs from one fetch to the next.
    const uids = (text: string) => text.match(/^UID:.*$/gm);
    expect(uids(unfold((await fetchFeed(created.url)).body))).toEqual(uids(body));
  });

  it("gives the supervisor their linked trainees' meetings and deadlines, and no one else's", async () => {
    const mine = unfold((await fetchFeed((await newFeed(supervisor, 'UTC')).url)).body);
    expect(mine).toContain(
      'DTSTART:20260302T100000Z\r\nDTEND:20260302T110000Z\r\nSUMMARY:Supervision with Zoë Łukasz',
    );
    expect(mine).toContain('SUMMARY:M-FVF due: Zoë Łukasz\\, March 2026');
    const theirs = unfold((await fetchFeed((await newFeed(outsider)).url)).body);
    expect(theirs).not.toContain('BEGIN:VEVENT');
    expect(theirs).not.toContain('Zoë');
  });

  it('shows whether a feed exists, never its token', async () => {
    const response = await status(trainee);
    expect(response.statusCode).toBe(200);
    expect(response.json<CalendarFeedStatus>()).toEqual({
      is_active: true,
      created_at: NOW.toISOString(),
      time_zone: 'America/New_York',
    });
  });

  it('renews: the new URL works and the old one is 404', async () => {
    const old = await newFeed(trainee);
    const renewed = await newFeed(trainee);
    expect(renewed.url).not.toBe(old.url);
    expect((await fetchFeed(renewed.url)).statusCode).toBe(200);
    const gone = await fetchFeed(old.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Calendar feed not found', code: 'NOT_FOUND' });
  });

  it('revokes: the URL is 404 at once and the profile shows no feed', async () => {
    const feed = await newFeed(trainee);
    const revoked = await t.request({
      method: 'DELETE',
      url: '/api/v1/calendar-feed/',
      token: trainee.token,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect((await status(trainee)).json()).toEqual({
      is_active: false,
      created_at: null,
      time_zone: null,
    });
    // Another person's feed is untouched.
    expect((await status(supervisor)).json<CalendarFeedStatus>().is_active).toBe(true);
  });

  it('refuses an unknown time zone and anonymous callers, storing nothing', async () => {
    const bad = await create(outsider, 'Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ time_zone: ['Unknown time zone'] });
    expect((await create(outsider, 42)).statusCode).toBe(400);
    expect((await create(undefined)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/calendar-feed/' })).statusCode).toBe(
      401,
    );
    const fresh = await createTrainee(t.db);
    expect((await create(fresh, 'Nowhere/Town')).statusCode).toBe(400);
    expect((await status(fresh)).json<CalendarFeedStatus>().is_active).toBe(false);
  });

  it('answers 404 for a token nobody has and 400 for one that is not a token', async () => {
    const unknown = await t.request({
      method: 'GET',
      url: `/api/v1/calendar/${'0'.repeat(48)}/feed.ics`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({ method: 'GET', url: '/api/v1/calendar/abc/feed.ics' });
    expect(malformed.statusCode).toBe(400);
  });

  it('limits fetches from one address to 60 in 15 minutes', async () => {
    // A window of its own: the clock moves to the next quarter hour.
    t.clock.now = new Date('2026-04-10T12:15:00.000Z');
    const url = `/api/v1/calendar/${'1'.repeat(48)}/feed.ics`;
    for (let i = 0; i < 60; i += 1) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    }
    const limited = await t.request({ method: 'GET', url });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    t.clock.now = new Date('2026-04-10T12:30:00.000Z');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    t.clock.now = NOW;
  });

  it('keeps the token out of the request log: the path is logged with it redacted', async () => {
    const feed = await newFeed(outsider);
    const token = /calendar\/([a-f0-9]{48})\//.exec(feed.url)?.[1] ?? '';
    expect(token).toHaveLength(48);
    const from = logLines.length;
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    // A mistyped feed path (no route) is logged the same way.
    expect((await fetchFeed(feed.url.replace('feed.ics', 'feed.ical'))).statusCode).toBe(404);
    const lines = logLines.slice(from).join('');
    expect(lines).toContain('"url":"/api/v1/calendar/[redacted]/feed.ics"');
    expect(lines).toContain('"url":"/api/v1/calendar/[redacted]/feed.ical"');
    expect(lines).not.toContain(token);
  });

  it('ends the feed when the password is reset (its URL may be in someone else’s hands)', async () => {
    const owner = await createTrainee(t.db);
    const other = await createTrainee(t.db);
    const feed = await newFeed(owner);
    const otherFeed = await newFeed(other);
    const sent = await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: owner.email },
    });
    expect(sent.statusCode).toBe(200);
    const reset = await t.request({
      method: 'POST',
      url: '/users/reset-password/verify/',
      payload: {
        email: owner.email,
        token: codeFrom(await t.lastMailTo(owner.email)),
        password: 'a-new-passphrase-27',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect((await fetchFeed(otherFeed.url)).statusCode).toBe(200);
  });

  it('ends the feed on a password change and on "sign out everywhere else" (issue 36)', async () => {
    const owner = await createTrainee(t.db);
    const other = await createTrainee(t.db);
    const otherFeed = await newFeed(other);
    const changedFeed = await newFeed(owner);
    const changed = await t.request({
      method: 'POST',
      url: '/users/password/change/',
      token: owner.token,
      payload: {
        old_password: owner.password,
        new_password1: 'a-new-passphrase-36',
        new_password2: 'a-new-passphrase-36',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await fetchFeed(changedFeed.url)).statusCode).toBe(404);
    expect((await status(owner)).json<CalendarFeedStatus>().is_active).toBe(false);

    const signedOutFeed = await newFeed(owner);
    const signedOut = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/revoke-others/',
      token: owner.token,
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect((await fetchFeed(signedOutFeed.url)).statusCode).toBe(404);
    // The session that asked goes on, and another person's feed is untouched.
    expect((await status(owner)).json<CalendarFeedStatus>().is_active).toBe(false);
    expect((await fetchFeed(otherFeed.url)).statusCode).toBe(200);
  });
});
