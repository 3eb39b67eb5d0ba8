import type { FastifyRequest } from 'fastify';
import { FILE_MAX_BYTES, FILE_TOO_LARGE_MESSAGE } from '../../../shared/files/file-content';
import { FVF_TEMPLATE_MESSAGES } from '../../../shared/forms/fvf-template.schema';
import { receiveFileInMemory } from '../files';

const LIMITS = { fields: 10, fieldSize: 1_000, parts: 12, fileSize: FILE_MAX_BYTES + 1 };

/** In memory: a blank form must be read whole to be recognised before anything is stored. */
export async function receiveOneFile(request: FastifyRequest): Promise<Buffer> {
  const { bytes } = await receiveFileInMemory(request, {
    limits: LIMITS,
    maxBytes: FILE_MAX_BYTES,
    tooLargeMessage: FILE_TOO_LARGE_MESSAGE,
    noFile: { field: 'document', message: FVF_TEMPLATE_MESSAGES.noFile },
  });
  return bytes;
}
