import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalendarFeedStatusSchema,
  CalendarTokenParamsSchema,
  CreateCalendarFeedSchema,
  CreatedCalendarFeedSchema,
} from '../../../shared/calendar/calendar-feed.schema';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import { clientNetwork, consumeRateLimit, type RateLimit } from '../../plugins/rate-limit';
import * as service from './calendar.service';

const tags = ['calendar'];

/**
 * Fetches of feeds per client address: calendar apps poll every few hours, so this only stops
 * someone guessing tokens or hammering one.
 */
export const CALENDAR_FEED_LIMIT: RateLimit = { limit: 60, windowSeconds: 15 * 60 };

/** The private calendar feed (issue 14): managing one's feed, and the feed itself. */
export function calendarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    app.get(
      '/api/v1/calendar-feed/',
      { onRequest: guard.user, schema: { tags, response: { 200: CalendarFeedStatusSchema } } },
      async (request) => service.getFeedStatus({ db, actor: requireActor(request) }),
    );

    app.post(
      '/api/v1/calendar-feed/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          body: CreateCalendarFeedSchema,
          response: { 201: CreatedCalendarFeedSchema },
        },
      },
      async (request, reply) => {
        const created = await service.createFeed({
          db,
          actor: requireActor(request),
          timeZone: request.body.time_zone,
          appUrl: config.APP_URL,
          now: deps.now(),
        });
        return reply.status(201).send(created);
      },
    );

    app.delete(
      '/api/v1/calendar-feed/',
      { onRequest: guard.user, schema: { tags } },
      async (request, reply) => {
        await service.revokeFeed({ db, actor: requireActor(request) });
        return reply.status(204).send();
      },
    );

    // No sign-in: calendar apps cannot send a header, so the token in the path is the key.
    app.get(
      '/api/v1/calendar/:token/feed.ics',
      { schema: { tags, params: CalendarTokenParamsSchema } },
      async (request, reply) => {
        await consumeRateLimit(
          db,
          `calendar-feed:${clientNetwork(request.ip)}`,
          CALENDAR_FEED_LIMIT,
          deps.now(),
        );
        const body = await service.renderFeed({
          db,
          token: request.params.token,
          appUrl: config.APP_URL,
          now: deps.now(),
        });
        return reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(body);
      },
    );
  };
}
