import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TraineeSupervisorInputSchema,
  TraineeSupervisorPatchSchema,
  TraineeSupervisorSchema,
} from '../../../shared/supervisors/trainee-supervisor.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireTrainee } from '../../plugins/auth';
import * as service from './supervisors.service';

const tags = ['supervisors'];

/** SPEC §7 "Supervisors and trainees". */
export function supervisorsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const mail = { mailer: deps.mailer, appUrl: deps.config.APP_URL };
  return async (app) => {
    app.get(
      '/api/v1/trainee-supervisors/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          response: { 200: z.object({ results: z.array(TraineeSupervisorSchema) }) },
        },
      },
      async (request) => ({
        results: await service.listTraineeSupervisors({ db, actor: requireTrainee(request) }),
      }),
    );

    app.post(
      '/api/v1/trainee-supervisors/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          body: TraineeSupervisorInputSchema,
          response: { 201: TraineeSupervisorSchema },
        },
      },
      async (request, reply) => {
        const created = await service.addTraineeSupervisor({
          db,
          actor: requireTrainee(request),
          input: request.body,
          now: deps.now(),
          mail,
        });
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/api/v1/trainee-supervisors/:id/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          params: IdParamsSchema,
          body: TraineeSupervisorPatchSchema,
          response: { 200: TraineeSupervisorSchema },
        },
      },
      async (request) =>
        service.updateTraineeSupervisor({
          db,
          actor: requireTrainee(request),
          id: request.params.id,
          input: request.body,
          now: deps.now(),
          mail,
        }),
    );

    app.post(
      '/api/v1/trainee-supervisors/:id/end-access/',
      {
        onRequest: guard.trainee,
        schema: { tags, params: IdParamsSchema, response: { 200: TraineeSupervisorSchema } },
      },
      async (request) =>
        service.endSupervisorAccess({
          db,
          actor: requireTrainee(request),
          id: request.params.id,
          now: deps.now(),
        }),
    );

    app.post(
      '/api/v1/trainee-supervisors/:id/restore-access/',
      {
        onRequest: guard.trainee,
        schema: { tags, params: IdParamsSchema, response: { 200: TraineeSupervisorSchema } },
      },
      async (request) =>
        service.restoreSupervisorAccess({
          db,
          actor: requireTrainee(request),
          id: request.params.id,
        }),
    );

    app.delete(
      '/api/v1/trainee-supervisors/:id/',
      { onRequest: guard.trainee, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await service.deleteTraineeSupervisor({
          db,
          actor: requireTrainee(request),
          id: request.params.id,
        });
        return reply.status(204).send();
      },
    );
  };
}
