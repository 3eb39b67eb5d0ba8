import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportMappingSchema,
  ImportPreviewSchema,
  ImportResultSchema,
  type ImportMapping,
} from '../../../shared/import/import.schema';
import type { AppDeps } from '../../deps';
import { guard, requireTrainee } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { closeOnError, receiveFileInMemory } from '../files';
import * as service from './import.service';

const tags = ['import'];

const LIMITS = { fields: 5, fieldSize: 20_000, parts: 6, files: 1, fileSize: IMPORT_MAX_BYTES + 1 };

/** The form: the file, whole up to IMPORT_MAX_BYTES, and (own layout) the mapping as JSON. */
const readForm = (request: FastifyRequest) =>
  receiveFileInMemory(request, {
    limits: LIMITS,
    maxBytes: IMPORT_MAX_BYTES,
    tooLargeMessage: IMPORT_MESSAGES.tooLarge,
    noFile: { field: 'file', message: IMPORT_MESSAGES.notSpreadsheet },
    keepFields: true,
  });

function mappingOf(fields: Record<string, string>): ImportMapping | null {
  const raw = fields.mapping;
  if (raw === undefined || raw === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw AppError.field('mapping', 'The mapping is not valid JSON.');
  }
  const parsed = ImportMappingSchema.safeParse(json);
  if (!parsed.success) throw AppError.field('mapping', 'The mapping names unknown targets.');
  return parsed.data;
}

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** Importing earlier hours from a CSV or XLSX file (issue 14): a preview, then the import. */
export function importRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  // Before the body is read: a refused request's upload is never taken in.
  const limit = (traineeId: number) =>
    consumeRateLimit(db, `import:${traineeId}`, RATE_LIMITS.import, deps.now());

  return async (app) => {
    await app.register(multipart);

    app.post(
      '/api/v1/import/preview/',
      { onRequest: guard.trainee, schema: { tags, response: { 200: ImportPreviewSchema } } },
      async (request, reply) => {
        const actor = requireTrainee(request);
        const form = await limit(actor.id)
          .then(() => readForm(request))
          .catch(closeOnError(reply));
        return service.previewImport({
          db,
          actor,
          now: deps.now(),
          upload: { bytes: form.bytes, fileName: form.fileName, mapping: mappingOf(form.fields) },
        });
      },
    );

    app.post(
      '/api/v1/import/',
      { onRequest: guard.trainee, schema: { tags, response: { 201: ImportResultSchema } } },
      async (request, reply) => {
        const actor = requireTrainee(request);
        const form = await limit(actor.id)
          .then(() => readForm(request))
          .catch(closeOnError(reply));
        const sha256 = Sha256Schema.safeParse(form.fields.sha256);
        if (!sha256.success) throw AppError.field('file', IMPORT_MESSAGES.changed);
        const result = await service.confirmImport({
          db,
          actor,
          now: deps.now(),
          upload: { bytes: form.bytes, fileName: form.fileName, mapping: mappingOf(form.fields) },
          sha256: sha256.data,
        });
        return reply.status(201).send(result);
      },
    );
  };
}
