import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { FILE_MAX_BYTES, FILE_TOO_LARGE_MESSAGE } from '../../../shared/files/file-content';
import { ONE_FILE_MESSAGE } from '../../../shared/files/record-file.schema';
import { FVF_TEMPLATE_MESSAGES } from '../../../shared/forms/fvf-template.schema';
import { limitBytes } from '../../adapters/storage/limit-bytes';

const LIMITS = { fields: 10, fieldSize: 1_000, parts: 12, fileSize: FILE_MAX_BYTES + 1 };

/**
 * The one file of a multipart upload, in memory: a blank form must be read whole to be
 * recognised before anything is stored. The 20 MB limit holds while it streams (413).
 */
export async function receiveOneFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('INVALID', 'Send the form as multipart/form-data.');
  }
  let file: Buffer | undefined;
  for await (const part of request.parts({ limits: LIMITS })) {
    if (part.type === 'field') continue;
    if (!part.filename) {
      part.file.resume();
      continue;
    }
    if (file) throw AppError.field(part.fieldname, ONE_FILE_MESSAGE);
    const chunks: Buffer[] = [];
    const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    for await (const chunk of limitBytes(part.file, FILE_MAX_BYTES, tooLarge)) chunks.push(chunk);
    file = Buffer.concat(chunks);
  }
  if (!file || file.length === 0) throw AppError.field('document', FVF_TEMPLATE_MESSAGES.noFile);
  return file;
}
