import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LinkRequestListSchema,
  LinkRequestSchema,
} from '../../../shared/supervisors/link-request.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireSupervisor } from '../../plugins/auth';
import * as service from './link-requests.service';

const tags = ['supervisors'];

/** The trainees' requests to a supervisor, answered on their home screen (issue 36). */
export function linkRequestsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/v1/link-requests/',
      { onRequest: guard.supervisor, schema: { tags, response: { 200: LinkRequestListSchema } } },
      async (request) => ({
        results: await service.listLinkRequests({ db, actor: requireSupervisor(request) }),
      }),
    );

    for (const [action, accept] of [
      ['accept', true],
      ['decline', false],
    ] as const) {
      app.post(
        `/api/v1/link-requests/:id/${action}/`,
        {
          onRequest: guard.supervisor,
          schema: { tags, params: IdParamsSchema, response: { 200: LinkRequestSchema } },
        },
        async (request) =>
          service.answerLinkRequest({
            db,
            actor: requireSupervisor(request),
            id: request.params.id,
            accept,
            now: deps.now(),
          }),
      );
    }
  };
}
