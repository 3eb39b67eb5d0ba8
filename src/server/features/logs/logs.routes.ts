import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Readable } from 'node:stream';
import {
  ExperienceLogSchema,
  LOG_EXPORT_FILENAME,
  LogExportRequestSchema,
  LogHistoryListSchema,
  LogListQuerySchema,
  LogListSchema,
} from '../../../shared/logs/experience-log.schema';
import { LogEntryWireSchema } from '../../../shared/logs/log-entry.schema';
import { pageSchema } from '../../../shared/wire/pagination';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireTrainee } from '../../plugins/auth';
import { exportLogsCsv } from './logs.export';
import { IdempotencyHeadersSchema } from './logs.idempotency';
import * as service from './logs.service';

const tags = ['logs'];
const LogPageSchema = pageSchema(ExperienceLogSchema);
/** The contract's resubmit of a flagged log sends `{ id, log }`; a plain log body works too. */
const UpdateBodySchema = z.union([
  z.object({ id: z.coerce.number().optional(), log: LogEntryWireSchema }),
  LogEntryWireSchema,
]);

/** SPEC §7 "Experience log". */
export function logsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const ctx = (request: Parameters<typeof requireTrainee>[0]) => ({
    db,
    actor: requireTrainee(request),
    now: deps.now(),
  });
  const mail = { mailer: deps.mailer, appUrl: deps.config.APP_URL };

  return async (app) => {
    app.get(
      '/api/v1/experience-log/',
      {
        onRequest: guard.user,
        schema: { tags, querystring: LogListQuerySchema, response: { 200: LogPageSchema } },
      },
      async (request) => {
        const actor = requireActor(request);
        const { url } = request;
        if (actor.isSupervisor) {
          const { status, month, date_of_experience: date, task, u_id: traineeId } = request.query;
          const filters = { status, month, date, task, traineeId };
          const page = request.query.page ?? 1;
          return service.listSupervisorLogs({ db, actor, now: deps.now(), filters, url, page });
        }
        return service.listLogs({ ...ctx(request), query: request.query, url });
      },
    );

    app.post(
      '/api/v1/experience-log/',
      {
        onRequest: guard.trainee,
        // Writes logs only: the trainee's kept session stays (plugins/auth.ts).
        config: { keepsSession: true },
        // 200 with the log an earlier request with the same Idempotency-Key made (decision 023).
        schema: {
          tags,
          headers: IdempotencyHeadersSchema,
          body: LogEntryWireSchema,
          response: { 200: ExperienceLogSchema, 201: ExperienceLogSchema },
        },
      },
      async (request, reply) => {
        const idempotencyKey = request.headers['idempotency-key'];
        const { log, replayed } = await service.createLog({
          ...ctx(request),
          mail,
          wire: request.body,
          idempotencyKey,
        });
        return reply.status(replayed ? 200 : 201).send(log);
      },
    );

    app.post(
      '/api/v1/download-experience-log/',
      { onRequest: guard.trainee, schema: { tags, body: LogExportRequestSchema } },
      async (request, reply) => {
        const actor = requireTrainee(request);
        const { tasks, from_date: from, to_date: to } = request.body;
        const csv = exportLogsCsv({
          db,
          traineeId: actor.id,
          filter: { from, to, taskIds: tasks },
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${LOG_EXPORT_FILENAME}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csv));
      },
    );

    app.get(
      '/api/v1/experience-log/deleted/',
      { onRequest: guard.trainee, schema: { tags, response: { 200: LogListSchema } } },
      async (request) => ({ results: await service.listDeletedLogs(ctx(request)) }),
    );

    app.get(
      '/api/v1/experience-log/:id/',
      {
        onRequest: guard.user,
        schema: { tags, params: IdParamsSchema, response: { 200: ExperienceLogSchema } },
      },
      async (request) => {
        const actor = requireActor(request);
        if (actor.isSupervisor) {
          return service.getSupervisorLog({ db, actor, now: deps.now(), logId: request.params.id });
        }
        return service.getLog({ ...ctx(request), id: request.params.id });
      },
    );

    app.put(
      '/api/v1/experience-log/:id/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateBodySchema,
          response: { 200: ExperienceLogSchema },
        },
      },
      async (request) => {
        const wire = 'log' in request.body ? request.body.log : request.body;
        return service.updateLog({ ...ctx(request), mail, id: request.params.id, wire });
      },
    );

    app.delete(
      '/api/v1/experience-log/:id/',
      { onRequest: guard.trainee, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await service.deleteLog({ ...ctx(request), id: request.params.id });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/v1/experience-log/:id/restore/',
      {
        onRequest: guard.trainee,
        schema: { tags, params: IdParamsSchema, response: { 200: ExperienceLogSchema } },
      },
      async (request) => service.restoreLog({ ...ctx(request), id: request.params.id }),
    );

    // A trainee reads their own logs' history; a supervisor their linked trainees' (they attest it).
    app.get(
      '/api/v1/experience-log/:id/history/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: LogHistoryListSchema },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const logId = request.params.id;
        const results = actor.isSupervisor
          ? await service.getSupervisorLogHistory({ db, actor, now: deps.now(), logId })
          : await service.getLogHistory({ ...ctx(request), id: logId });
        return { results };
      },
    );
  };
}
