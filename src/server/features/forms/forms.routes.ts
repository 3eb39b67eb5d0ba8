import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FvfTemplateSchema,
  FvfTemplatesAnswerSchema,
} from '../../../shared/forms/fvf-template.schema';
import {
  MonthFormCreateRequestSchema,
  MonthFormSchema,
  MonthFormSignRequestSchema,
  MonthFormsAnswerSchema,
  MonthFormsQuerySchema,
} from '../../../shared/forms/month-form.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireTrainee } from '../../plugins/auth';
import { consumeRateLimit } from '../../plugins/rate-limit';
import { receiveOneFile } from './forms.upload';
import * as templates from './fvf-templates.service';
import * as signing from './month-forms-signing.service';
import * as service from './month-forms.service';
import { formDocumentUrl } from './month-forms.wire';

const tags = ['forms'];

/** Blank templates installed by a user: each can be 20 MB, and one per variant is ever kept. */
const TEMPLATE_UPLOADS = { limit: 10, windowSeconds: 60 * 60 };

/** The BACB's official forms: installing blank templates, filling and signing month forms. */
export function formsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, config } = deps;
  const ctx = (request: FastifyRequest) => ({
    db,
    storage,
    formsDir: config.FORMS_DIR,
    log: request.log,
    actor: requireActor(request),
    now: deps.now(),
  });
  /** A refused upload's body may be unread: the connection closes rather than read it. */
  const closeOnError = (reply: FastifyReply) => (error: unknown) => {
    reply.header('connection', 'close');
    throw error;
  };

  return async (app) => {
    await app.register(multipart);

    app.get(
      '/api/v1/fvf-templates/',
      { onRequest: guard.user, schema: { tags, response: { 200: FvfTemplatesAnswerSchema } } },
      async (request) => ({
        results: (await templates.installedTemplates(ctx(request))).map(templates.toFvfTemplate),
      }),
    );

    app.post(
      '/api/v1/fvf-templates/',
      { onRequest: guard.user, schema: { tags, response: { 201: FvfTemplateSchema } } },
      async (request, reply) => {
        const context = ctx(request);
        await consumeRateLimit(
          db,
          `fvf-template:${context.actor.id}`,
          TEMPLATE_UPLOADS,
          context.now,
        );
        const bytes = await receiveOneFile(request).catch(closeOnError(reply));
        return reply.status(201).send(await templates.installTemplate({ ...context, bytes }));
      },
    );

    app.get(
      '/api/v1/month-forms/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: MonthFormsQuerySchema,
          response: { 200: MonthFormsAnswerSchema },
        },
      },
      async (request) => service.listMonthForms({ ...ctx(request), traineeId: request.query.u_id }),
    );

    app.post(
      '/api/v1/month-forms/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: MonthFormCreateRequestSchema, response: { 201: MonthFormSchema } },
      },
      async (request, reply) => {
        const created = await service.createMonthForm({
          ...ctx(request),
          actor: requireTrainee(request),
          input: request.body,
        });
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/v1/month-forms/:id/',
      {
        onRequest: guard.user,
        schema: { tags, params: IdParamsSchema, response: { 200: MonthFormSchema } },
      },
      async (request) => service.getMonthForm({ ...ctx(request), id: request.params.id }),
    );

    // A redirect to a short-lived link that downloads the PDF as an attachment, as record files do.
    app.get(
      '/api/v1/month-forms/:id/download/',
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        const form = await service.loadVisibleForm(ctx(request), request.params.id);
        const url = await formDocumentUrl(storage, form);
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );

    app.post(
      '/api/v1/month-forms/:id/sign/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: IdParamsSchema,
          body: MonthFormSignRequestSchema,
          response: { 200: MonthFormSchema },
        },
      },
      async (request) =>
        signing.signMonthForm({
          ...ctx(request),
          id: request.params.id,
          signature: request.body,
        }),
    );
  };
}
