import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsultationCreateRequestSchema,
  ConsultationMeetingSchema,
  ConsultationsAnswerSchema,
  SupervisorQualificationsAnswerSchema,
  TrainingCertificateSchema,
} from '../../../shared/supervisors/qualification.schema';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireSupervisor, requireTrainee } from '../../plugins/auth';
import { closeOnError, countRecordUpload, discardOnFailure, receiveMultipart } from '../files';
import { AppError } from '../../../shared/errors';
import * as service from './qualification.service';

const tags = ['qualification'];
const NO_FILE = 'Choose the certificate file (PDF or image)';

/** Issue 39 part 3: consultations, the training certificate, and the trainee's view of both. */
export function qualificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  const supervisorCtx = (request: FastifyRequest) => ({
    db,
    storage,
    actor: requireSupervisor(request),
    now: deps.now(),
  });
  const traineeCtx = (request: FastifyRequest) => ({
    db,
    storage,
    actor: requireTrainee(request),
    now: deps.now(),
  });

  return async (app) => {
    await app.register(multipart);

    app.get(
      '/api/v1/consultations/',
      {
        onRequest: guard.supervisor,
        schema: { tags, response: { 200: ConsultationsAnswerSchema } },
      },
      async (request) => service.listConsultations(supervisorCtx(request)),
    );

    app.post(
      '/api/v1/consultations/',
      {
        onRequest: guard.supervisor,
        schema: {
          tags,
          body: ConsultationCreateRequestSchema,
          response: { 201: ConsultationMeetingSchema },
        },
      },
      async (request, reply) => {
        const created = await service.addConsultation({
          ...supervisorCtx(request),
          input: request.body,
        });
        return reply.status(201).send(created);
      },
    );

    app.delete(
      '/api/v1/consultations/:id/',
      { onRequest: guard.supervisor, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await service.deleteConsultation({ ...supervisorCtx(request), id: request.params.id });
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/v1/training-certificate/',
      {
        onRequest: guard.supervisor,
        schema: { tags, response: { 200: TrainingCertificateSchema } },
      },
      async (request) => service.ownCertificate(supervisorCtx(request)),
    );

    // Multipart, one file in `document`: a PDF or a photo of the certificate, checked by content.
    app.post(
      '/api/v1/training-certificate/',
      {
        onRequest: guard.supervisor,
        schema: { tags, response: { 201: TrainingCertificateSchema } },
      },
      async (request, reply) => {
        const ctx = supervisorCtx(request);
        await countRecordUpload(db, ctx.actor.id, ctx.now);
        const { file } = await receiveMultipart(request, {
          storage,
          purpose: 'record',
          keyFor: (type) => service.certificateKey(ctx.actor.id, type),
        }).catch(closeOnError(reply));
        if (!file) throw AppError.field('document', NO_FILE);
        const saved = await discardOnFailure(storage, file, request.log, () =>
          service.saveCertificate({ ...ctx, file }),
        );
        if (saved.replacedKey) await removeObject(saved.replacedKey, request);
        return reply.status(201).send(saved.certificate);
      },
    );

    app.delete(
      '/api/v1/training-certificate/',
      { onRequest: guard.supervisor, schema: { tags } },
      async (request, reply) => {
        const key = await service.removeCertificate(supervisorCtx(request));
        await removeObject(key, request);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/v1/supervisor-qualifications/',
      {
        onRequest: guard.trainee,
        schema: { tags, response: { 200: SupervisorQualificationsAnswerSchema } },
      },
      async (request) => ({
        results: await service.listSupervisorQualifications(traineeCtx(request)),
      }),
    );

    app.get(
      '/api/v1/supervisor-qualifications/:id/certificate/',
      {
        onRequest: guard.trainee,
        schema: { tags, params: IdParamsSchema, response: { 200: TrainingCertificateSchema } },
      },
      async (request) =>
        service.recordCertificate({ ...traineeCtx(request), recordId: request.params.id }),
    );
  };

  /** A failed removal leaves an orphan the storage sweep removes later; the answer stands. */
  async function removeObject(key: string, request: FastifyRequest): Promise<void> {
    await storage.delete(key).catch((error: unknown) => {
      request.log.error({ err: error, key }, 'could not remove a replaced training certificate');
    });
  }
}
