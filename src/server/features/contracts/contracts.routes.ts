import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContractDraftSchema,
  ContractEditSchema,
  ContractEndSchema,
  ContractListQuerySchema,
  ContractListSchema,
  ContractSchema,
  ContractSignSchema,
} from '../../../shared/contracts/contract.schema';
import { IdParamsSchema, PathIdSchema } from '../../../shared/wire/primitives';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import type { AppDeps } from '../../deps';
import { guard, requireActor, requireTrainee } from '../../plugins/auth';
import { closeOnError, countRecordUpload, discardOnFailure, receiveMultipart } from '../files';
import {
  contractFileKey,
  editVersion,
  signVersion,
  versionDocument,
} from './contract-signing.service';
import { uploadContract } from './contract-upload.service';
import * as contracts from './contracts.service';

const tags = ['contracts'];
const VersionParamsSchema = z.object({ id: PathIdSchema, n: PathIdSchema });

/** Supervision contracts (issue 39); the routes of shared/contracts/contract.schema.ts. */
export function contractsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, mailer, config } = deps;
  const ctx = (request: FastifyRequest) => ({
    db,
    storage,
    mailer,
    appUrl: config.APP_URL,
    actor: requireActor(request),
    now: deps.now(),
  });

  return async (app) => {
    await app.register(multipart);

    app.get(
      '/api/v1/contracts/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: ContractListQuerySchema,
          response: { 200: ContractListSchema },
        },
      },
      async (request) =>
        contracts.listContracts({ ...ctx(request), trainee: request.query.trainee }),
    );

    app.post(
      '/api/v1/contracts/',
      {
        onRequest: guard.user,
        schema: { tags, body: ContractDraftSchema, response: { 201: ContractSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await contracts.draftContract({
            ...ctx(request),
            recordId: request.body.trainee_supervisor,
          }),
        ),
    );

    // Before the `:id` routes' twins: a path of its own, registered first for readability only.
    app.post(
      '/api/v1/contracts/upload/',
      { onRequest: guard.trainee, schema: { tags, response: { 201: ContractSchema } } },
      async (request, reply) => {
        const traineeId = requireTrainee(request).id;
        const { fields, file } = await countRecordUpload(db, traineeId, deps.now())
          .then(() =>
            receiveMultipart(request, {
              storage,
              purpose: 'record',
              keyFor: (type) => contractFileKey(traineeId, type.ext),
            }),
          )
          .catch(closeOnError(reply));
        const created = await discardOnFailure(storage, file, request.log, () =>
          uploadContract({ ...ctx(request), fields, file }),
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/v1/contracts/:id/',
      {
        onRequest: guard.user,
        schema: { tags, params: IdParamsSchema, response: { 200: ContractSchema } },
      },
      async (request) => contracts.getContract({ ...ctx(request), id: request.params.id }),
    );

    app.delete(
      '/api/v1/contracts/:id/',
      { onRequest: guard.user, schema: { tags, params: IdParamsSchema } },
      async (request, reply) => {
        await contracts.discardContract({ ...ctx(request), id: request.params.id });
        return reply.status(204).send();
      },
    );

    app.put(
      '/api/v1/contracts/:id/versions/:n/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: VersionParamsSchema,
          body: ContractEditSchema,
          response: { 200: ContractSchema },
        },
      },
      async (request) =>
        editVersion({
          ...ctx(request),
          id: request.params.id,
          version: request.params.n,
          edit: request.body,
        }),
    );

    app.post(
      '/api/v1/contracts/:id/versions/:n/sign/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: VersionParamsSchema,
          body: ContractSignSchema,
          response: { 200: ContractSchema },
        },
      },
      async (request) =>
        signVersion({
          ...ctx(request),
          id: request.params.id,
          version: request.params.n,
          signature: request.body,
        }),
    );

    app.get(
      '/api/v1/contracts/:id/versions/:n/document/',
      { onRequest: guard.user, schema: { tags, params: VersionParamsSchema } },
      async (request, reply) => {
        const document = await versionDocument({
          ...ctx(request),
          id: request.params.id,
          version: request.params.n,
        });
        return reply
          .header('content-type', document.contentType)
          .header('content-disposition', attachmentDisposition(document.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(document.body);
      },
    );

    app.post(
      '/api/v1/contracts/:id/amendments/',
      {
        onRequest: guard.user,
        schema: { tags, params: IdParamsSchema, response: { 201: ContractSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await contracts.amendContract({ ...ctx(request), id: request.params.id })),
    );

    app.post(
      '/api/v1/contracts/:id/end/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          params: IdParamsSchema,
          body: ContractEndSchema,
          response: { 200: ContractSchema },
        },
      },
      async (request) =>
        contracts.endContract({
          ...ctx(request),
          id: request.params.id,
          endedOn: request.body.ended_on,
          reason: request.body.reason,
        }),
    );
  };
}
