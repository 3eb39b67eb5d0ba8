import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import {
  checkFileContent,
  CONTENT_HEAD_BYTES,
  FILE_MAX_BYTES,
  FILE_TOO_LARGE_MESSAGE,
  PDF_TYPE,
  PNG_TYPE,
  SVG_TYPE,
  type AcceptedType,
  type FilePurpose,
} from '../../../shared/files/file-content';
import { ONE_FILE_MESSAGE } from '../../../shared/files/record-file.schema';
import { isStorableText } from '../../../shared/wire/primitives';
import { PDF_REFUSAL_MESSAGES, plainPdfCopy } from '../../adapters/pdf/check-pdf-load';
import { limitBytes } from '../../adapters/storage/limit-bytes';
import type { StoragePort } from '../../adapters/storage/storage.port';
import { rasteriseSvgPicture } from './svg-picture';

/** A refused upload's body may be unread: the connection closes rather than read it. */
export const closeOnError =
  (reply: FastifyReply) =>
  (error: unknown): never => {
    reply.header('connection', 'close');
    throw error;
  };

type PartLimits = { fields: number; fieldSize: number; parts: number; fileSize: number };

/** The one way every upload reads a form: a truncated field and a second file are refused. */
async function walkParts(
  request: FastifyRequest,
  limits: PartLimits,
  handlers: {
    keepFields: boolean;
    onFile: (part: MultipartFile, fileName: string) => Promise<void>;
  },
): Promise<Record<string, string>> {
  if (!request.isMultipart()) {
    throw new AppError('INVALID', 'Send the form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let hasFile = false;
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field') {
      if (!handlers.keepFields) continue;
      if (part.valueTruncated) throw AppError.field(part.fieldname, 'This value is too long.');
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (!part.filename) {
      part.file.resume();
      continue;
    }
    if (hasFile) throw AppError.field(part.fieldname, ONE_FILE_MESSAGE);
    hasFile = true;
    await handlers.onFile(part, cleanFileName(part.filename));
  }
  return fields;
}

export type FileInMemory = { bytes: Buffer; fileName: string; fields: Record<string, string> };

/** For a file read whole before anything is kept; `maxBytes` holds while it streams. */
export async function receiveFileInMemory(
  request: FastifyRequest,
  options: {
    limits: PartLimits;
    maxBytes: number;
    tooLargeMessage: string;
    noFile: { field: string; message: string };
    keepFields?: boolean;
  },
): Promise<FileInMemory> {
  let file: { bytes: Buffer; fileName: string } | undefined;
  const fileTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
  const fields = await walkParts(request, options.limits, {
    keepFields: options.keepFields ?? false,
    onFile: async (part, fileName) => {
      const chunks: Buffer[] = [];
      for await (const chunk of limitBytes(part.file, options.maxBytes, fileTooLarge)) {
        chunks.push(chunk);
      }
      file = { bytes: Buffer.concat(chunks), fileName };
    },
  });
  if (!file || file.bytes.length === 0) {
    throw AppError.field(options.noFile.field, options.noFile.message);
  }
  return { ...file, fields };
}

/** A file checked and stored, not yet referenced by any row. */
export type StoredFile = { key: string; size: number; type: AcceptedType; filename: string };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);

/**
 * Its first bytes decide what it is before anything is written. An SVG is stored as the PNG drawn
 * from it; an uploaded PDF as the copy `plainPdfCopy` wrote, never the uploaded bytes (unless
 * `isMadeByProduct`). On any refusal or failure nothing is left in storage.
 */
export async function storeChecked(options: {
  storage: StoragePort;
  source: AsyncIterable<Uint8Array>;
  purpose: FilePurpose;
  field: string;
  filename: string;
  keyFor: (type: AcceptedType) => string;
  isMadeByProduct?: boolean;
}): Promise<StoredFile> {
  const { storage, source } = options;
  const chunks = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < CONTENT_HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(Buffer.from(next.value));
    headBytes += next.value.length;
  }
  const start = Buffer.concat(head);
  const check = await checkFileContent(start.subarray(0, CONTENT_HEAD_BYTES), options.purpose);
  if (!check.ok) throw AppError.field(options.field, check.message);

  async function* whole() {
    yield start;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  let type = check.type;
  let body = Readable.from(limitBytes(whole(), FILE_MAX_BYTES, tooLarge));
  if (type.mime === SVG_TYPE.mime) {
    const drawn = await rasteriseSvgPicture(Buffer.concat(await body.toArray()));
    if (!drawn.ok) throw AppError.field(options.field, drawn.message);
    type = PNG_TYPE;
    body = Readable.from([drawn.png]);
  } else if (type.mime === PDF_TYPE.mime && !options.isMadeByProduct) {
    const copy = await plainPdfCopy(Buffer.concat(await body.toArray()), 'record');
    if (!copy.ok) throw AppError.field(options.field, PDF_REFUSAL_MESSAGES[copy.reason]);
    body = Readable.from([copy.pdf]);
  }
  const key = options.keyFor(type);
  try {
    const { size } = await storage.put(key, body, { contentType: type.mime });
    return { key, size, type, filename: options.filename };
  } catch (error) {
    // Also covers a put that stored and then failed to answer.
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function discardOnFailure<T>(
  storage: StoragePort,
  file: StoredFile | undefined,
  log: FastifyBaseLogger,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (file) {
      await storage.delete(file.key).catch((cause: unknown) => {
        log.error({ err: cause, key: file.key }, 'could not remove the object of a failed upload');
      });
    }
    throw error;
  }
}

export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const printable = [...last].filter(isStorableText).join('');
  return printable.trim().slice(0, 255);
}

export type MultipartUpload = { fields: Record<string, unknown>; file: StoredFile | undefined };

const MULTIPART_LIMITS = {
  fields: 30,
  fieldSize: 10_000,
  parts: 40,
  // One byte over the limit reaches our own check, which answers with the contract's message.
  fileSize: FILE_MAX_BYTES + 1,
};

/** An empty file input is no file; if anything fails after the file is stored, it is removed. */
export async function receiveMultipart(
  request: FastifyRequest,
  options: { storage: StoragePort; purpose: FilePurpose; keyFor: (type: AcceptedType) => string },
): Promise<MultipartUpload> {
  let file: StoredFile | undefined;
  let fields: Record<string, string>;
  try {
    fields = await walkParts(request, MULTIPART_LIMITS, {
      keepFields: true,
      onFile: async (part, fileName) => {
        file = await storeChecked({
          storage: options.storage,
          source: part.file,
          purpose: options.purpose,
          field: part.fieldname,
          filename: fileName,
          keyFor: options.keyFor,
        });
      },
    });
  } catch (error) {
    if (file) await options.storage.delete(file.key).catch(() => undefined);
    throw error;
  }
  return { fields, file };
}
