import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AtRiskSchema,
  RemindRequestSchema,
  RemindResponseSchema,
} from '../../../shared/at-risk/at-risk.schema';
import type { AppDeps } from '../../deps';
import { guard, requireSupervisor } from '../../plugins/auth';
import * as service from './at-risk.service';

const tags = ['at-risk'];

/** The supervisor's at-risk list and the one-click reminder (issue 14). */
export function atRiskRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer, config } = deps;
  return async (app) => {
    app.get(
      '/api/v1/at-risk/',
      { onRequest: guard.supervisor, schema: { tags, response: { 200: AtRiskSchema } } },
      async (request) => {
        const supervisor = requireSupervisor(request);
        return service.getAtRisk({
          db,
          supervisorId: supervisor.id,
          timeZone: supervisor.timeZone,
          now: deps.now(),
        });
      },
    );

    app.post(
      '/api/v1/at-risk/remind/',
      {
        onRequest: guard.supervisor,
        schema: { tags, body: RemindRequestSchema, response: { 200: RemindResponseSchema } },
      },
      async (request) =>
        service.remindTrainee({
          db,
          actor: requireSupervisor(request),
          now: deps.now(),
          mailer,
          appUrl: config.APP_URL,
          traineeId: request.body.u_id,
        }),
    );
  };
}
