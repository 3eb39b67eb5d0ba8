import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlanQuerySchema,
  PlanResponseSchema,
  PlanSettingsSchema,
} from '../../../shared/plan/plan.schema';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireTrainee } from '../../plugins/auth';
import { traineeInView } from '../supervisors';
import * as service from './plan.service';

const tags = ['plan'];

/**
 * The plan to a finish date (issue 14): the trainee reads and saves theirs; a linked supervisor
 * reads it (u_id), never changes it.
 */
export function planRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/v1/plan/',
      {
        onRequest: guard.user,
        schema: { tags, querystring: PlanQuerySchema, response: { 200: PlanResponseSchema } },
      },
      async (request) => {
        const now = deps.now();
        const actor = requireActor(request);
        const traineeId = await traineeInView({ db, actor, now }, request.query.u_id);
        return service.getPlan({ db, traineeId, now, asker: actor });
      },
    );

    app.put(
      '/api/v1/plan/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: PlanSettingsSchema, response: { 200: PlanResponseSchema } },
      },
      async (request) =>
        service.savePlan({
          db,
          actor: requireTrainee(request),
          settings: request.body,
          now: deps.now(),
        }),
    );
  };
}
