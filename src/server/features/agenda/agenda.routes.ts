import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MonthlyDocumentDetailSchema,
  MonthlyDocumentListSchema,
  MonthlyDocumentPostSchema,
  MonthlyDocumentQuerySchema,
} from '../../../shared/agenda/agenda.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import * as service from './agenda.service';

const tags = ['agenda'];
/** The contract's path, its misspelling included (SPEC §7). */
const PATH = '/api/v1/monthy-log/';
const IdAnswerSchema = z.object({ id: z.number() });

/** The supervision contact agenda (SPEC §2, §3 "Monthly document data", §7 monthy-log). */
export function agendaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const ctx = (request: FastifyRequest) => ({ db, actor: requireActor(request), now: deps.now() });

  return async (app) => {
    // Supervisors write agendas (SPEC §6 "sign monthly documents"); the trainee's page is
    // read-only (SPEC §2), so a trainee's POST is a role mistake: 403.
    app.post(
      PATH,
      {
        onRequest: guard.supervisor,
        schema: {
          tags,
          body: MonthlyDocumentPostSchema,
          response: { 200: IdAnswerSchema, 201: IdAnswerSchema },
        },
      },
      async (request, reply) => {
        const { id, isNew } = await service.writeAgenda({ ...ctx(request), input: request.body });
        return reply.status(isNew ? 201 : 200).send({ id });
      },
    );

    app.get(
      PATH,
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: MonthlyDocumentQuerySchema,
          response: { 200: MonthlyDocumentListSchema },
        },
      },
      async (request) => {
        const { u_id: traineeId, start_date: from, end_date: to } = request.query;
        return {
          results: await service.listAgendas({ ...ctx(request), traineeId, range: { from, to } }),
        };
      },
    );

    app.get(
      `${PATH}:id/`,
      {
        onRequest: guard.user,
        schema: { tags, params: IdParamsSchema, response: { 200: MonthlyDocumentDetailSchema } },
      },
      async (request) => service.getAgenda({ ...ctx(request), id: request.params.id }),
    );

    // Drawn on the server from the stored data: a vector PDF, never a picture of the page.
    app.get(
      `${PATH}:id/pdf/`,
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        const { bytes, fileName } = await service.agendaPdf({
          ...ctx(request),
          id: request.params.id,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(fileName))
          .header('cache-control', 'no-store')
          .send(Buffer.from(bytes));
      },
    );
  };
}
