import { randomBytes } from 'node:crypto';
import type {
  CalendarFeedStatus,
  CreatedCalendarFeed,
} from '../../../shared/calendar/calendar-feed.schema';
import { AppError } from '../../../shared/errors';
import { formDeadline } from '../../../shared/progress/deadline';
import { addDays, formatMonthYear, monthOf } from '../../../shared/logs/time';
import { isKnownTimeZone, todayIn, wallClockToInstant } from '../../../shared/logs/time-zone';
import type { Db } from '../../db/client';
import { hashSecret, type Actor } from '../../plugins/auth';
import { buildCalendar, type IcsEvent } from './ics';
import * as repo from './calendar.repository';

/** How far back the feed goes: about 13 months of meetings and forms. */
const HISTORY_DAYS = 400;

/** The token is the only credential: calendar apps send no header. */
export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/v1/calendar/${token}/feed.ics`;
}

/** Never the token. */
export async function getFeedStatus(ctx: { db: Db; actor: Actor }): Promise<CalendarFeedStatus> {
  const feed = await repo.findFeed(ctx.db, ctx.actor.id);
  return {
    is_active: feed !== undefined,
    created_at: feed?.createdAt.toISOString() ?? null,
    time_zone: feed?.timeZone ?? null,
  };
}

/** Only the token's SHA-256 is kept, so the URL is shown this once. */
export async function createFeed(ctx: {
  db: Db;
  actor: Actor;
  timeZone: string;
  appUrl: string;
  now: Date;
}): Promise<CreatedCalendarFeed> {
  if (!isKnownTimeZone(ctx.timeZone)) throw AppError.field('time_zone', 'Unknown time zone');
  const token = randomBytes(24).toString('hex');
  await repo.saveFeed(ctx.db, {
    userId: ctx.actor.id,
    tokenHash: hashSecret(token),
    timeZone: ctx.timeZone,
    createdAt: ctx.now,
  });
  return {
    url: feedUrl(ctx.appUrl, token),
    created_at: ctx.now.toISOString(),
    time_zone: ctx.timeZone,
  };
}

export async function revokeFeed(ctx: { db: Db; actor: Actor }): Promise<void> {
  await repo.deleteFeed(ctx.db, ctx.actor.id);
}

const METHOD_WORDS: Record<string, string> = { 'In Person': 'in person', Virtual: 'virtual' };

/** Meeting times are read in the feed's zone, written in UTC; open form deadlines are all-day. */
export async function renderFeed(ctx: {
  db: Db;
  token: string;
  appUrl: string;
  now: Date;
}): Promise<string> {
  const feed = await repo.findFeedByHash(ctx.db, hashSecret(ctx.token));
  if (!feed) throw new AppError('NOT_FOUND', 'Calendar feed not found');
  // The feed owner's day, in the zone the feed reads its times in.
  const from = addDays(todayIn(ctx.now, feed.timeZone), -HISTORY_DAYS);
  const host = new URL(ctx.appUrl).host;
  const meetings = await repo.supervisionMeetings(ctx.db, feed, from);
  const forms = await repo.unsignedFormMonths(ctx.db, feed, monthOf(from));
  const events: IcsEvent[] = [];
  for (const log of meetings) {
    if (log.startMinute === null || log.endMinute === null) continue;
    const other = feed.isSupervisor ? log.traineeName : log.supervisorName;
    const how = [log.individualOrGroup.toLowerCase(), METHOD_WORDS[log.methodOfSupervision ?? '']]
      .filter(Boolean)
      .join(', ');
    events.push({
      uid: `log-${log.id}@${host}`,
      stamp: log.updatedAt,
      start: { at: wallClockToInstant(log.date, log.startMinute, feed.timeZone) },
      end: { at: wallClockToInstant(log.date, log.endMinute, feed.timeZone) },
      summary: `Supervision with ${other}`,
      description: `${how}. Log status: ${log.status}.`,
      url: feed.isSupervisor
        ? `${ctx.appUrl}/supervisor/log-details/${log.id}`
        : `${ctx.appUrl}/student/editLogHour/${log.id}`,
    });
  }
  for (const form of forms) {
    const deadline = formDeadline(form.month);
    const month = formatMonthYear(form.month);
    events.push({
      uid: `mfvf-${form.traineeSupervisorId}-${form.month}@${host}`,
      stamp: ctx.now,
      start: { date: deadline },
      end: { date: addDays(deadline, 1) },
      summary: feed.isSupervisor
        ? `M-FVF due: ${form.traineeName}, ${month}`
        : `M-FVF due: ${month} with ${form.supervisorName}`,
      description: `Last day to sign the monthly fieldwork verification form for ${month} (trainee ${form.traineeName}, supervisor ${form.supervisorName}). Signed later, the month's hours do not count.`,
      url: feed.isSupervisor ? `${ctx.appUrl}/supervisor/trainees` : `${ctx.appUrl}/student/upload`,
    });
  }
  return buildCalendar({ name: 'Fieldwork Tracker', events });
}
