import { z } from 'zod';

/** GET /api/v1/calendar-feed/: whether the person has a live feed (its URL is never shown again). */
export const CalendarFeedStatusSchema = z.object({
  is_active: z.boolean(),
  created_at: z.string().nullable(),
  time_zone: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** POST /api/v1/calendar-feed/: the browser's time zone, which the logs' times are read in. */
export const CreateCalendarFeedSchema = z.object({
  time_zone: z.string().trim().min(1).max(64),
});

/** The new feed: its URL, shown this once (only a hash of its token is kept). */
export const CreatedCalendarFeedSchema = z.object({
  url: z.string(),
  created_at: z.string(),
  time_zone: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof CreatedCalendarFeedSchema>;

/** The feed's path parameter: the 48 hex characters of its token. */
export const CalendarTokenParamsSchema = z.object({
  token: z.string().regex(/^[a-f0-9]{48}$/, { error: 'Not a calendar feed' }),
});
