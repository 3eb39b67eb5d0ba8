import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RecordFileSchema,
  RecordFilesAnswerSchema,
  RecordFilesQuerySchema,
} from '../../../shared/files/record-file.schema';
import { AppError } from '../../../shared/errors';
import { IdParamsSchema } from '../../../shared/wire/primitives';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireTrainee } from '../../plugins/auth';
import * as service from './files.service';
import {
  closeOnError,
  discardOnFailure,
  receiveMultipart,
  type MultipartUpload,
} from './files.upload';
import { pictureRoutes } from './picture.routes';
import { storageObjectRoutes } from './storage-object.routes';

const tags = ['files'];
const JsonFieldsSchema = z.record(z.string(), z.unknown());

/** Record files, profile pictures and the folder storage's signed URLs (SPEC §7 Files). */
export function filesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  const ctx = (request: FastifyRequest) => ({
    db,
    storage,
    actor: requireActor(request),
    now: deps.now(),
  });
  const traineeCtx = (request: FastifyRequest) => ({
    ...ctx(request),
    actor: requireTrainee(request),
  });

  /** The form's fields and file: multipart (the contract's), or JSON for an edit without a file. */
  const readForm = async (request: FastifyRequest): Promise<MultipartUpload> => {
    if (!request.isMultipart() && request.method === 'PATCH') {
      const body = JsonFieldsSchema.safeParse(request.body ?? {});
      if (!body.success) throw new AppError('INVALID', 'The request body must be a JSON object.');
      return { fields: body.data, file: undefined };
    }
    const traineeId = requireTrainee(request).id;
    await service.countRecordUpload(db, traineeId, deps.now());
    return receiveMultipart(request, {
      storage,
      purpose: 'record',
      keyFor: (type) => service.recordFileKey(traineeId, type),
    });
  };

  return async (app) => {
    await app.register(multipart);
    await app.register(storageObjectRoutes(storage, deps.now));
    await app.register(pictureRoutes(deps));

    app.post(
      '/api/v1/upload-record/',
      { onRequest: guard.trainee, schema: { tags, response: { 201: RecordFileSchema } } },
      async (request, reply) => {
        const { fields, file } = await readForm(request).catch(closeOnError(reply));
        const created = await discardOnFailure(storage, file, request.log, () =>
          service.createRecordFile({ ...traineeCtx(request), fields, file }),
        );
        return reply.status(201).send(created);
      },
    );

    app.patch(
      '/api/v1/upload-record/:id/',
      {
        onRequest: guard.trainee,
        schema: { tags, params: IdParamsSchema, response: { 200: RecordFileSchema } },
      },
      async (request, reply) => {
        const { fields, file } = await readForm(request).catch(closeOnError(reply));
        const updated = await discardOnFailure(storage, file, request.log, () =>
          service.updateRecordFile({ ...traineeCtx(request), id: request.params.id, fields, file }),
        );
        if (updated.replacedKey) {
          await storage.delete(updated.replacedKey).catch((error: unknown) => {
            request.log.error({ err: error }, 'could not remove a replaced record file');
          });
        }
        return updated.file;
      },
    );

    app.delete(
      '/api/v1/upload-record/:id/',
      { onRequest: guard.trainee, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await service.deleteRecordFile({ ...traineeCtx(request), id: request.params.id });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/v1/upload-record/:id/restore/',
      {
        onRequest: guard.trainee,
        schema: { tags, params: IdParamsSchema, response: { 200: RecordFileSchema } },
      },
      async (request) =>
        service.restoreRecordFile({ ...traineeCtx(request), id: request.params.id }),
    );

    app.get(
      '/api/v1/record-files/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: RecordFilesQuerySchema,
          response: { 200: RecordFilesAnswerSchema },
        },
      },
      async (request) =>
        service.listRecordFiles({ ...ctx(request), traineeId: request.query.u_id }),
    );

    app.get(
      '/api/v1/record-files/deleted/',
      {
        onRequest: guard.trainee,
        schema: { tags, response: { 200: z.object({ results: z.array(RecordFileSchema) }) } },
      },
      async (request) => ({ results: await service.listDeletedRecordFiles(traineeCtx(request)) }),
    );

    // A redirect to a short-lived link, which a plain <a> or <img> can follow without signing in.
    app.get(
      '/api/v1/record-files/:id/download/',
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        const url = await service.recordFileDownloadUrl({ ...ctx(request), id: request.params.id });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );
  };
}
