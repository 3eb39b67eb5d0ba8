import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FinalFormCreateRequestSchema,
  FinalFormSchema,
  FinalFormsAnswerSchema,
  FinalFormsQuerySchema,
} from '../../../shared/forms/final-form.schema';
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
import {
  PaperFormAnswerRequestSchema,
  PaperFormSchema,
  PaperFormsAnswerSchema,
} from '../../../shared/forms/paper-form.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireTrainee } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import * as finals from './final-forms.service';
import * as signing from './form-signing.service';
import {
  closeOnError,
  countRecordUpload,
  discardOnFailure,
  receiveMultipart,
  recordFileKey,
} from '../files';
import * as paper from './paper/paper-forms.service';
import { answerPaperForm } from './paper/paper-form-answers.service';
import { receiveOneFile } from './forms.upload';
import * as templates from './templates/templates.service';
import * as months from './month-forms.service';
import type { FormKind } from './month-forms.repository';
import { formDocumentUrl } from './month-forms.wire';
import { loadVisibleForm } from './form-access';

const tags = ['forms'];

/** The BACB's official forms: blank templates, and the monthly and final forms. */
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
  /** Counts one form filled by the trainee (an M-FVF or an F-FVF), before any work (429 past it). */
  const countFill = (traineeId: number) =>
    consumeRateLimit(db, `form-fill:${traineeId}`, RATE_LIMITS.formFill, deps.now());
  /** A redirect to a short-lived link that downloads the PDF as an attachment, as record files do. */
  const download = async (
    request: FastifyRequest<{ Params: { id: number } }>,
    reply: FastifyReply,
    kind: FormKind,
  ) => {
    const form = await loadVisibleForm(ctx(request), request.params.id, kind, 'read');
    const url = await formDocumentUrl(storage, form);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  };

  return async (app) => {
    await app.register(multipart);

    app.get(
      '/api/v1/fvf-templates/',
      { onRequest: guard.user, schema: { tags, response: { 200: FvfTemplatesAnswerSchema } } },
      async (request) => ({
        results: (await templates.installedTemplates(ctx(request), requireActor(request).id)).map(
          templates.toFvfTemplate,
        ),
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
          RATE_LIMITS.templateUpload,
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
      async (request) => months.listMonthForms({ ...ctx(request), traineeId: request.query.u_id }),
    );

    app.post(
      '/api/v1/month-forms/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: MonthFormCreateRequestSchema, response: { 201: MonthFormSchema } },
      },
      async (request, reply) => {
        await countFill(requireTrainee(request).id);
        const created = await months.createMonthForm({
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
      async (request) => months.getMonthForm({ ...ctx(request), id: request.params.id }),
    );

    app.get(
      '/api/v1/month-forms/:id/download/',
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => download(request, reply, 'monthly'),
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

    app.get(
      '/api/v1/final-forms/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: FinalFormsQuerySchema,
          response: { 200: FinalFormsAnswerSchema },
        },
      },
      async (request) => finals.listFinalForms({ ...ctx(request), traineeId: request.query.u_id }),
    );

    app.post(
      '/api/v1/final-forms/',
      {
        onRequest: guard.trainee,
        schema: { tags, body: FinalFormCreateRequestSchema, response: { 201: FinalFormSchema } },
      },
      async (request, reply) => {
        await countFill(requireTrainee(request).id);
        const created = await finals.createFinalForm({
          ...ctx(request),
          actor: requireTrainee(request),
          input: request.body,
        });
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/v1/final-forms/:id/',
      {
        onRequest: guard.user,
        schema: { tags, params: IdParamsSchema, response: { 200: FinalFormSchema } },
      },
      async (request) => finals.getFinalForm({ ...ctx(request), id: request.params.id }),
    );

    app.get(
      '/api/v1/final-forms/:id/download/',
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => download(request, reply, 'final'),
    );

    app.post(
      '/api/v1/final-forms/:id/sign/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: IdParamsSchema,
          body: MonthFormSignRequestSchema,
          response: { 200: FinalFormSchema },
        },
      },
      async (request) =>
        signing.signFinalForm({ ...ctx(request), id: request.params.id, signature: request.body }),
    );

    // Monthly forms signed on paper (issue 26 part 7): the scan goes through the files upload.
    app.post(
      '/api/v1/month-forms/paper/',
      { onRequest: guard.trainee, schema: { tags, response: { 201: PaperFormSchema } } },
      async (request, reply) => {
        const traineeId = requireTrainee(request).id;
        const { fields, file } = await countRecordUpload(db, traineeId, deps.now())
          .then(() =>
            receiveMultipart(request, {
              storage,
              purpose: 'record',
              keyFor: (type) => recordFileKey(traineeId, type),
            }),
          )
          .catch(closeOnError(reply));
        const created = await discardOnFailure(storage, file, request.log, () =>
          paper.createPaperForm({
            ...ctx(request),
            fields,
            file,
            mailer: deps.mailer,
            appUrl: config.APP_URL,
          }),
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/v1/month-forms/paper/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: MonthFormsQuerySchema,
          response: { 200: PaperFormsAnswerSchema },
        },
      },
      async (request) => ({
        results: await paper.listPaperForms({ ...ctx(request), traineeId: request.query.u_id }),
      }),
    );

    app.get(
      '/api/v1/month-forms/paper/:id/download/',
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        const url = await paper.paperFormDownloadUrl({ ...ctx(request), id: request.params.id });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );

    app.post(
      '/api/v1/month-forms/paper/:id/answer/',
      {
        onRequest: guard.supervisor,
        schema: {
          tags,
          params: IdParamsSchema,
          body: PaperFormAnswerRequestSchema,
          response: { 200: PaperFormSchema },
        },
      },
      async (request) =>
        answerPaperForm({ ...ctx(request), id: request.params.id, request: request.body }),
    );

    app.delete(
      '/api/v1/month-forms/paper/:id/',
      { onRequest: guard.trainee, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await paper.deletePaperForm({ ...ctx(request), id: request.params.id });
        return reply.status(204).send();
      },
    );
  };
}
