import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RevokeOthersResponseSchema,
  SecurityEventPageSchema,
  SessionListSchema,
} from '../../../shared/security/security.schema';
import { PageQuerySchema } from '../../../shared/wire/pagination';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import { clientInfoOf } from '../accounts';
import * as service from './security.service';

const tags = ['security'];

/**
 * The signed-in person's sessions and security activity (issue 12, ASVS V3 and V7). Any role;
 * every query is scoped to the caller, so another user's session is a 404.
 */
export function securityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const ctx = (request: Parameters<typeof requireActor>[0]) => ({
    db,
    actor: requireActor(request),
    now: deps.now(),
  });

  return async (app) => {
    app.get(
      '/api/v1/sessions/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          summary: "The caller's live sessions, the current one marked",
          response: { 200: SessionListSchema },
        },
      },
      async (request) => ({ results: await service.listSessions(ctx(request)) }),
    );

    app.post(
      '/api/v1/sessions/revoke-others/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          summary: "Ends every session of the caller's but the current one",
          response: { 200: RevokeOthersResponseSchema },
        },
      },
      async (request) => ({
        revoked: await service.revokeOtherSessions({
          ...ctx(request),
          client: clientInfoOf(request),
        }),
      }),
    );

    app.delete(
      '/api/v1/sessions/:id/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          summary: "Ends one of the caller's sessions (404 for anyone else's)",
          params: IdParamsSchema,
        },
      },
      async (request, reply) => {
        await service.revokeSession({
          ...ctx(request),
          sessionId: request.params.id,
          client: clientInfoOf(request),
        });
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/v1/security-events/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          summary: "The caller's security activity, newest first, paginated",
          querystring: PageQuerySchema,
          response: { 200: SecurityEventPageSchema },
        },
      },
      async (request) =>
        service.listSecurityEvents({
          ...ctx(request),
          url: request.url,
          page: request.query.page ?? 1,
        }),
    );
  };
}
